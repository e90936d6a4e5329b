"""A copy of the shipped ERA pool whose Ember Rex has rules text, a picture, a reprint and a ban.

The shipped pools carry no rules text or pictures and ban nothing, so the card page's
text, picture and legality over time are tested on this copy.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import yaml

CARD = "era-ember-rex"
NAME = "Ember Rex"
TEXT = "Roars twice when it enters the rift."
IMAGE = "art/ember-rex.png"
BAN_DAY = "2025-02-01"
BAN_NOTE = "Ember Rex banned after the spring season."
REPRINT = "era-ember-rex-promo"


def png(width: int = 4, height: int = 6) -> bytes:
    """A small orange PNG file."""
    row = b"\x00" + b"\xe8\x59\x0c" * width
    body = zlib.compress(row * height)

    def chunk(kind: bytes, data: bytes) -> bytes:
        checksum = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + checksum

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunks = chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + chunks


def add_extras(pools: Path, image: str = IMAGE) -> Path:
    """Give Ember Rex ``text``, ``image`` (a file of the pool unless an address) and a promo
    reprint, and ban it from BAN_DAY."""
    era = pools / "era"
    cards_yaml = era / "cards.yaml"
    data = yaml.safe_load(cards_yaml.read_text(encoding="utf-8"))
    for card in data["cards"]:
        if card["id"] == CARD:
            card["text"] = TEXT
            card["image"] = image
            reprint = {**card, "id": REPRINT, "set": "PROMO", "number": "PROMO-009"}
    data["cards"].append(reprint)
    cards_yaml.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    if not image.startswith("https://"):
        (era / image).parent.mkdir(parents=True, exist_ok=True)
        (era / image).write_bytes(png())
    game_yaml = era / "game.yaml"
    spec = yaml.safe_load(game_yaml.read_text(encoding="utf-8"))
    standard = next(f for f in spec["formats"] if f["id"] == "standard")
    standard["banlists"].append({"date": BAN_DAY, "banned": [NAME], "note": BAN_NOTE})
    game_yaml.write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True), "utf-8")
    return pools
