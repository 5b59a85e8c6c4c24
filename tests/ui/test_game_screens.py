"""The game screen hooks on the shared screens (companion.ui.games): a card drawn as what
it is on the "cards" screen, with a fake game's module and with 216's catalogue."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from companion.rules.two_sixteen import OBJECTIVES
from companion.ui import games
from companion.ui.games import for_game, two_sixteen
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import render
from tests.fake_games import OBJECTIVES as FAKE_CARDS
from tests.fake_games import SCORE


def naming(game: str, names, selected: int = 0) -> Screen:
    return Screen("cards", title="Which card?", game=game, hint="Select: this card",
                  menu=Menu(tuple(MenuItem(n, "1 left") for n in names), selected))


def lit_rows(image: Image.Image, top: int, bottom: int) -> list[int]:
    """For each row from top to bottom, how many pixels are lit."""
    return [sum(image.getpixel((x, y)) > 0 for x in range(image.width))
            for y in range(top, bottom)]


def test_the_cards_screen_draws_the_selected_card_through_the_games_hook(monkeypatch):
    monkeypatch.setitem(games.SCREENS, "solo", "tests.fake_games")
    card = next(n for n in FAKE_CARDS if SCORE[n] == 4)
    image = render(naming("solo", FAKE_CARDS, FAKE_CARDS.index(card)))
    rows = lit_rows(image, 11, 11 + 6)
    assert rows == [128] * 4 + [0, 0]  # the fake picture: a bar a pixel per point, full width


def test_a_game_without_pictures_shows_the_name_instead():
    assert not hasattr(for_game("risknroll"), "draw_card")
    with_name = render(naming("risknroll", ("Double Time", "Deuces")))
    without = render(naming("risknroll", ("", "Deuces")))
    assert with_name.tobytes() != without.tobytes()
    assert any(lit_rows(with_name, 11, 29))


def test_216s_hook_knows_only_its_objective_cards():
    canvas = ImageDraw.Draw(Image.new("1", (128, 64)))
    assert not two_sixteen.draw_card(canvas, (0, 0, 127, 20), "Wild")


@pytest.mark.parametrize("height", [14, 12, 10])
def test_every_216_card_is_drawn_inside_its_box(height):
    """Each of the catalogue's cards, at each die size, inks its box and nothing outside."""
    for card in OBJECTIVES:
        image = Image.new("1", (140, 30))
        box = (6, 8, 133, 8 + height - 1)
        assert two_sixteen.draw_card(ImageDraw.Draw(image), box, card.name)
        ink = image.getbbox()
        assert ink is not None, card.name
        assert box[0] <= ink[0] and box[1] <= ink[1], card.name
        assert ink[2] <= box[2] + 1 and ink[3] <= box[3] + 1, card.name


def test_216_groups_a_draw_by_colour_and_leaves_the_help_deck_whole():
    from companion.rules import Draw

    draw = Draw("Objective", tuple((c.name, 1) for c in OBJECTIVES if c.name != "Sum 3"))
    groups = two_sixteen.card_groups(draw)
    assert [label for label, _ in groups] == ["Gray", "Orange", "Green", "Purple"]
    assert [len(cards) for _, cards in groups] == [20, 17, 16, 16]
    assert two_sixteen.card_groups(Draw("Help", (("Wild", 3),))) == []



def test_216_pages_show_the_offer_two_cards_a_page_and_the_hand_of_the_seat_on_turn():
    from dataclasses import replace

    from companion import rules

    state = rules.get("216").new(2, {})
    state = replace(state, offer=("Sum 7", "Any pair", "No 6", "Triple 1"), phase="first",
                    hands=(("+1/-1", "+1/-1", "Wild"), ()), fresh=("Wild",))
    offer_1, offer_2, hand = two_sixteen.pages(state, ("Ann", "Bob"))
    assert (offer_1.kind, offer_1.title) == ("216:offer", "Offer 1-2 of 4")
    assert offer_1.table == (("Sum 7", "10+5"), ("Any pair", "3+2"))
    assert offer_2.title == "Offer 3-4 of 4" and len(offer_2.table) == 2
    assert (hand.kind, hand.title) == ("216:hand", "Ann: Help cards")
    assert hand.table == (("+1/-1", 2, 0), ("Wild", 1, 1))
    solo = replace(state, solo=True, seat=1, offer=("Sum 7",))
    offer, hand = two_sixteen.pages(solo, ("Ann", "AI"))
    assert offer.title == "Offer (1 of 4)" and hand.title == "AI: no Help cards"
    for page in (offer_1, offer_2, hand):
        for size in ((128, 64), (128, 32)):
            assert render(page, size).getbbox()
