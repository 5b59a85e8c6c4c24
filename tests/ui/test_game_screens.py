"""The game screen hooks on the shared screens (companion.ui.games): a card drawn as what
it is on the "cards" screen, with a fake game's module and with 216's catalogue, each
game's cards its own whatever other card files were read before."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageDraw

from companion import rules
from companion.rules.core import shipped_text
from companion.rules.two_sixteen import OBJECTIVES
from companion.rules.two_sixteen_cards import HELP, catalogue
from companion.ui import games
from companion.ui.games import for_game, two_sixteen
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import render
from tests.fake_games import OBJECTIVES as FAKE_CARDS
from tests.fake_games import SCORE


def naming(game: str, names, selected: int = 0, pictures=()) -> Screen:
    return Screen("cards", title="Which card?", game=game, hint="Select: this card",
                  menu=Menu(tuple(MenuItem(n, "1 left") for n in names), selected),
                  table=tuple(pictures))


def lit_rows(image: Image.Image, top: int, bottom: int) -> list[int]:
    """For each row from top to bottom, how many pixels are lit."""
    return [sum(image.getpixel((x, y)) > 0 for x in range(image.width))
            for y in range(top, bottom)]


def test_the_cards_screen_draws_the_selected_card_through_the_games_hook(monkeypatch):
    monkeypatch.setitem(games.SCREENS, "solo", "tests.fake_games")
    card = next(n for n in FAKE_CARDS if SCORE[n] == 4)
    pictures = [(n, str(SCORE[n])) for n in FAKE_CARDS]
    image = render(naming("solo", FAKE_CARDS, FAKE_CARDS.index(card), pictures))
    rows = lit_rows(image, 11, 11 + 6)
    assert rows == [128] * 4 + [0, 0]  # the fake picture: a bar a pixel per point, full width
    no_picture = render(naming("solo", FAKE_CARDS, FAKE_CARDS.index(card)))
    assert no_picture.tobytes() == render(naming("risknroll", FAKE_CARDS,
                                                 FAKE_CARDS.index(card))).tobytes()


def test_a_game_without_pictures_shows_the_name_instead():
    assert not hasattr(for_game("risknroll"), "draw_card")
    with_name = render(naming("risknroll", ("Double Time", "Deuces")))
    without = render(naming("risknroll", ("", "Deuces")))
    assert with_name.tobytes() != without.tobytes()
    assert any(lit_rows(with_name, 11, 29))


def test_216s_hook_draws_only_an_objective_cards_symbols():
    canvas = ImageDraw.Draw(Image.new("1", (128, 64)))
    assert not two_sixteen.draw_card(canvas, (0, 0, 127, 20), "Wild")
    assert not two_sixteen.draw_card(canvas, (0, 0, 127, 20), "No 1 6, pair")  # a name
    assert not two_sixteen.draw_card(canvas, (0, 0, 127, 20), "? ? ? no=7")
    assert two_sixteen.draw_card(canvas, (0, 0, 127, 20), "? =1 ? no=1 no=6")
    assert not two_sixteen.draw_card(canvas, (0, 0, 127, 20), "=1 ? ?")  # itself
    assert not two_sixteen.draw_card(canvas, (0, 0, 127, 20), "=2 =1 ?")  # a circle


@pytest.mark.parametrize(("forward", "drawn"), [
    ("? =3 6", "? 6 =2"), ("o3 ? 6", "? 6 o2"), ("=3 ? <=3", "? <=3 =2"),
    ("o2 =3 ? sum>=8", "? =1 o2 sum>=8"), ("!3 ? 5 no=1", "? 5 !2 no=1"),
])
@pytest.mark.parametrize("height", [32, 20, 12])
def test_a_die_referring_to_a_later_die_is_drawn_after_the_die_it_refers_to(forward, drawn, height):
    """"? =3 6" (die 2 equals die 3, a 6) once raised IndexError on the cards screen, the
    Offer page and the web sheet; it is the card "? 6 =2", drawn [?] [6]=[6]."""
    pictures = []
    for symbols in (forward, drawn):
        image = Image.new("1", (128, height))
        assert two_sixteen.draw_card(ImageDraw.Draw(image), (0, 0, 127, height - 1), symbols)
        pictures.append(image.tobytes())
    assert pictures[0] == pictures[1]
    assert two_sixteen.card_glyphs(forward) == two_sixteen.card_glyphs(drawn)


@pytest.mark.parametrize(("symbols", "glyphs"), [
    (">=4 o1 ?", [("text", "≥4"), ("mark", "opp"), ("text", "≤3"), ("mark", ""), ("text", "?")]),
    ("<=2 o1 ?", [("text", "≤2"), ("mark", "opp"), ("text", "≥5"), ("mark", ""), ("text", "?")]),
    ("6 o1 ?", [("pips", "6"), ("mark", ""), ("pips", "1"), ("mark", ""), ("text", "?")]),
    ("? o1 ?", [("text", "?"), ("mark", "opp"), ("text", "?"), ("mark", ""), ("text", "?")]),
])
def test_the_opposite_of_a_bound_is_drawn_as_the_bound_it_makes(symbols, glyphs):
    """A player's card ">=4 o1 ?" was drawn [≥4] opp [?] [?]: the opposite of a die of 4
    or more shows 3 or less, drawn [≥4] opp [≤3] [?] (the mark kept: it is not any ≤3)."""
    assert two_sixteen.card_glyphs(symbols) == glyphs


@pytest.mark.parametrize("height", [14, 12, 10])
def test_every_216_card_is_drawn_inside_its_box(height):
    """Each of the catalogue's cards, at each die size, inks its box and nothing outside."""
    for card in OBJECTIVES:
        image = Image.new("1", (140, 30))
        box = (6, 8, 133, 8 + height - 1)
        assert two_sixteen.draw_card(ImageDraw.Draw(image), box, card.symbols)
        ink = image.getbbox()
        assert ink is not None, card.name
        assert box[0] <= ink[0] and box[1] <= ink[1], card.name
        assert ink[2] <= box[2] + 1 and ink[3] <= box[3] + 1, card.name


def test_216_groups_a_draw_by_colour_and_leaves_the_help_deck_whole():
    from companion.rules import Draw

    state = rules.get("216").new(2, {})
    draw = Draw("Objective", tuple((c.name, 1) for c in OBJECTIVES if c.name != "Sum 3"))
    groups = two_sixteen.card_groups(state, draw)
    assert [label for label, _ in groups] == ["Gray", "Orange", "Green", "Purple"]
    assert [len(cards) for _, cards in groups] == [20, 17, 16, 16]
    assert two_sixteen.card_groups(state, Draw("Help", (("Wild", 3),))) == []


def test_a_216_game_shows_its_own_cards_whatever_card_file_was_read_last():
    """A player's card file where "No 6" is gray "6 6 ?" (the box's: purple, "no 6"), and
    two games, one with each file: each groups and draws its own cards (they once came
    from the first catalogue the process read, so one game showed the other's)."""
    shipped = shipped_text("216_objectives.txt")
    line = next(row for row in shipped.splitlines() if "| No 6 " in row)
    theirs = shipped.replace(line, "gray | No 6 | 6 6 ? | 1 | 10 | 5 | 16")
    game = rules.get("216")
    for text, colour, scores, symbols in ((theirs, "Gray", "10+5", "6 6 ?"),
                                          (shipped, "Purple", "2+1", "? ? ? no=6")):
        state = game.new(2, {}, {"216_objectives.txt": text, HELP: shipped_text(HELP)})
        catalogue(theirs if text is shipped else shipped, shipped_text(HELP))  # the other
        assert two_sixteen.card_picture(state, "No 6") == symbols
        offer = two_sixteen.pages(replace(state, offer=("No 6",)), ("Ann", "Bo"))[0]
        assert offer.table == (("No 6", scores, symbols),)
        assert ("No 6", 1) in dict(two_sixteen.card_groups(state, state.chance()))[colour]


def test_216_pages_show_the_offer_two_cards_a_page_and_the_hand_of_the_seat_on_turn():
    from dataclasses import replace

    from companion import rules

    state = rules.get("216").new(2, {})
    state = replace(state, offer=("Sum 7", "Any pair", "No 6", "Triple 1"), phase="first",
                    hands=(("+1/-1", "+1/-1", "Wild"), ()), fresh=("Wild",))
    offer_1, offer_2, hand = two_sixteen.pages(state, ("Ann", "Bob"))
    assert (offer_1.kind, offer_1.title) == ("216:offer", "Offer 1-2 of 4")
    assert offer_1.table == (("Sum 7", "10+5", "? ? ? sum=7"), ("Any pair", "3+2", "? =1 ?"))
    assert offer_2.title == "Offer 3-4 of 4" and len(offer_2.table) == 2
    assert (hand.kind, hand.title) == ("216:hand", "Ann: Help cards")
    assert hand.table == (("+1/-1", 2, 0), ("Wild", 1, 1))
    solo = replace(state, solo=True, seat=1, offer=("Sum 7",))
    offer, hand = two_sixteen.pages(solo, ("Ann", "AI"))
    assert offer.title == "Offer (1 of 4)" and hand.title == "AI: no Help cards"
    for page in (offer_1, offer_2, hand):
        for size in ((128, 64), (128, 32)):
            assert render(page, size).getbbox()
