"""The "did you mean ...?" index of a game's card names, built once with the pool.

Comparing a misspelt name with every name of the pool costs time in proportion
to the pool: at 50,000 cards one unknown line took milliseconds, and a list of
unknown lines kept a server worker busy past its timeout. The index keeps, for
each three-letter piece of a name key ("emb", "mbe", "ber" ...), the names that
hold it:

- a piece few names hold, as the list of those names;
- a piece many names hold, as one bit per name in a Python integer, so that
  counting how many of a key's pieces each name holds is a few dozen
  whole-integer operations (bit-sliced addition) instead of one step per name.

The names holding the most of the key's pieces are then scored on every piece
(the share of pieces in common), and the best few are compared letter by letter
with the similarity :func:`difflib.get_close_matches` uses (cutoff 0.6). The
work per query depends on the key, not on the size of the pool.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable, Iterator
from difflib import SequenceMatcher
from itertools import islice, repeat
from sys import intern

from .names import name_key

GRAM = 3
CUTOFF = 0.6
# A piece held by at most this many names is kept as a list; above it, as bits.
RARE = 24
# Names taken by most pieces held, then by share of pieces, then compared letter by letter.
MAX_COUNTED = 20
MAX_RANKED = 4
# difflib's ratio is 2*M/(a+b) with M at most the shorter length b, so a key more than
# (2 - cutoff)/cutoff times longer than the longest name never reaches the cutoff.
_MAX_LENGTH_FACTOR = (2 - CUTOFF) / CUTOFF


def _grams(key: str) -> set[str]:
    return {key[i : i + GRAM] for i in range(len(key) - GRAM + 1)}


def _padded(key: str) -> str:
    """The key between marks (keys are letters and digits only), so its first and last
    letters make pieces of their own and a key of one or two letters still has one."""
    return f"^{key}$"


def _bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class NameIndex:
    """Card names by their three-letter pieces, for close-name suggestions."""

    def __init__(self, names: Iterable[str]):
        self._keys: list[str] = []
        self._names: list[str] = []
        seen: set[str] = set()
        postings: defaultdict[str, list[int]] = defaultdict(list)
        for name in names:
            # Interned: the same string as the game's key for the name, kept once.
            key = intern(name_key(name))
            if not key or key in seen:
                continue
            seen.add(key)
            number = len(self._keys)
            self._keys.append(key)
            self._names.append(name)
            for gram in _grams(_padded(key)):
                postings[gram].append(number)
        self._rare: dict[str, tuple[int, ...]] = {}
        self._common: dict[str, int] = {}
        count = len(self._keys)
        for gram, ids in postings.items():
            if len(ids) <= RARE:
                self._rare[gram] = tuple(ids)
                continue
            # The bits written as binary digits, name 0 last, and read as one number: the
            # loop over the names holding the piece runs inside map, not step by step here.
            digits = bytearray(b"0") * count
            deque(map(digits.__setitem__, ids, repeat(ord("1"))), 0)
            digits.reverse()
            self._common[gram] = int(digits, 2)
        self._everyone = (1 << len(self._keys)) - 1
        self._longest = max((len(k) for k in self._keys), default=0)

    def __len__(self) -> int:
        return len(self._keys)

    def suggest(self, text: str, limit: int = 3) -> list[str]:
        """The names closest to ``text``, best first; else the first names holding it whole."""
        key = name_key(text)
        if not key or limit < 1 or len(key) > self._longest * _MAX_LENGTH_FACTOR:
            return []
        close = self._closest(key, _grams(_padded(key)), limit)
        # A word of the name typed alone ("nishaven" for "Nishaven the Lightbringer").
        return close or self._holding(key, _grams(key), limit)

    def _closest(self, key: str, grams: set[str], limit: int) -> list[str]:
        candidates = dict.fromkeys(self._most_held(grams))
        for gram in grams:
            candidates.update(dict.fromkeys(self._rare.get(gram, ())))
        keys = self._keys
        by_share = []
        for number in candidates:
            other = _padded(keys[number])
            common = sum(1 for gram in grams if gram in other)
            by_share.append((-common / (len(grams) + len(other) - GRAM + 1 - common), number))
        by_share.sort()
        matcher = SequenceMatcher()
        matcher.set_seq2(key)
        scored = []
        for _, number in by_share[:MAX_RANKED]:
            matcher.set_seq1(self._keys[number])
            if (
                matcher.real_quick_ratio() >= CUTOFF
                and matcher.quick_ratio() >= CUTOFF
                and (ratio := matcher.ratio()) >= CUTOFF
            ):
                scored.append((-ratio, number))
        scored.sort()
        return [self._names[number] for _, number in scored[:limit]]

    def _most_held(self, grams: set[str]) -> list[int]:
        """The names holding the most of ``grams`` among the common pieces (ties: pool order).

        ``planes[j]`` is bit ``j`` of every name's count, so adding a piece's bits is a
        ripple-carry addition on whole integers.
        """
        planes: list[int] = []
        for gram in grams:
            carry = self._common.get(gram, 0)
            for j, plane in enumerate(planes):
                if not carry:
                    break
                planes[j], carry = plane ^ carry, plane & carry
            if carry:
                planes.append(carry)
        found: list[int] = []
        remaining = self._everyone
        while planes and len(found) < MAX_COUNTED:
            # From the highest bit down: keep the names with the highest count left.
            best = remaining
            held = False
            for plane in reversed(planes):
                narrowed = best & plane
                if narrowed:
                    best, held = narrowed, True
            if not held:
                break
            found.extend(islice(_bits(best), MAX_COUNTED - len(found)))
            remaining &= ~best
        return found

    def _holding(self, key: str, grams: set[str], limit: int) -> list[str]:
        if not grams:
            return []
        rare = [self._rare[g] for g in grams if g in self._rare]
        if rare:
            numbers: Iterable[int] = min(rare, key=len)
        else:
            if any(g not in self._common for g in grams):
                return []  # a piece no name holds: no name holds the key
            mask = self._everyone
            for gram in grams:
                mask &= self._common[gram]
            numbers = _bits(mask)
        found = []
        for number in numbers:
            if key in self._keys[number]:
                found.append(self._names[number])
                if len(found) == limit:
                    break
        return found
