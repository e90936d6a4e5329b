"""webapp.browse: the filters a game offers and what a card's face shows."""

from __future__ import annotations

from webapp import browse


def test_era_card_face_has_cost_stats_and_coloured_element(era):
    rex = era.find_card("Ember Rex")
    face = browse.card_face(era, rex.facts)
    assert face.cost is None
    assert face.cost_label == "Cost"
    assert ("Power", 4) in face.stats
    assert browse.Chip("Element", "Fire", era.colors["Fire"]) in face.chips
    assert face.color == era.colors["Fire"]


def test_ryft_curve_attribute_is_synergy(ryft):
    assert browse.cost_attribute(ryft) == "synergy"
    imp = ryft.find_card("Cinder Imp")
    face = browse.card_face(ryft, imp.facts)
    assert (face.cost_label, face.cost) == ("Synergy", 1)
    assert "Synergy" not in dict(face.stats)


def test_list_attributes_give_one_chip_per_value(shadow_era):
    card = next(c for c in shadow_era.cards if len(c.get("classes") or []) > 1)
    face = browse.card_face(shadow_era, card.facts)
    label = shadow_era.attributes["classes"].label
    classes = [c.value for c in face.chips if c.label == label]
    assert classes == card.get("classes")


def test_a_colour_that_is_not_a_hex_colour_is_never_used(era):
    assert browse.color_of(era, "Fire") == era.colors["Fire"]
    assert browse.color_of(era, "Plasma") is None


def test_filters_cover_type_set_and_every_filterable_attribute(games):
    for game in games.values():
        names = [f.name for f in browse.filters(game)]
        expected = ["type", "set", *(n for n, a in game.attributes.items() if a.filter)]
        assert names == expected


def test_int_filters_are_ranges_and_choices_list_the_games_values(era):
    by_name = {f.name: f for f in browse.filters(era)}
    assert by_name["cost"].control == "range"
    assert by_name["element"].control == "choice"
    assert [v for v, _ in by_name["element"].options] == list(era.attributes["element"].values)
    assert [v for v, _ in by_name["set"].options] == list(era.sets)


def test_text_attributes_offer_the_values_found_in_the_pool(arcmage):
    subtype = next(f for f in browse.filters(arcmage) if f.name == "subtype")
    found = {c.get("subtype") for c in arcmage.cards if c.get("subtype")}
    if len(found) > browse.MAX_CHOICES:
        assert subtype.control == "text"
    else:
        assert {v for v, _ in subtype.options} == found


def test_sorts_offer_the_cost_attribute(era, eruma):
    assert ("cost", "Cost") in browse.sorts(era)
    assert all(value != "cost" for value, _ in browse.sorts(eruma))
