"""Realistic screens of every kind: the golden images' content and the gallery's.

Mostly a Risk 'n' Roll evening (Ann, Bo and Cy), with the awkward cases a real
table produces: menus longer than the display, labels too long to share a row with
their odds, a name too long for any line, eight players on one scoreboard, a die the
camera is unsure of, a 67 Six Seven seven, 216 cards drawn as dice, and a Charidice
evening: colours, the greatest of gifts, the score sheets and the charity bonus.
"""

from __future__ import annotations

from companion.rules import View
from companion.rules.two_sixteen_cards import shipped

from .model import Menu, MenuItem, Screen
from .qr import screen as qr_screen

NAMES = ("Ann", "Bo", "Cy")
SCORES = (350, 1200, 90)

KEEP_MENU = (
    MenuItem("1 1 5 +70 roll 3", "412 32%", best=True),
    MenuItem("1 1 5 +70 bank", "420"),
    MenuItem("1 5 +60 roll 4", "398 21%"),
    MenuItem("1 5 +60 bank", "410"),
    MenuItem("1 1 +20 roll 4", "371 21%"),
    MenuItem("1 1 +20 bank", "370"),
    MenuItem("5 +50 roll 5", "395 11%"),
    MenuItem("5 +50 bank", "400"),
    MenuItem("1 +10 roll 5", "359 11%"),
    MenuItem("1 +10 bank", "360"),
)
THROW_VIEW = View(
    dice=(1, 1, 5, 2, 3, 6), aside=(5, 5), lines=("This turn 350", "Double Time")
)

CARD_NAMES = (
    "Plus/Minus", "No Harm/No Foul", "Bonus Time 300", "Bonus Time 250", "Bonus Time 200",
    "Bonus Time 150", "Double Time", "The Plague", "Deuces",
)

PURPLE = ("No 6", "No 1", "No 1 no 6", "No 5 no 6", "No 1 6, pair", "No 1 sum 12+")
GREEN = ("Any triple", "Any pair", "Just a pair", "Pair&Opp", "High pair")
"""216 Objective cards of two colours (companion/data/216_objectives.txt), drawn as dice."""


def pictures(*names: str) -> tuple[tuple[str, str], ...]:
    """The shipped 216 cards `names` with their symbols, as a screen carries them."""
    return tuple((name, shipped().cards[name].symbols) for name in names)


SCREENS: dict[str, Screen] = {
    "setup": Screen(
        "setup",
        title="New game",
        menu=Menu(
            (
                MenuItem("Game: Risk 'n' Roll 2000"),
                MenuItem("Players: 3"),
                MenuItem("Double Millennium: no"),
                MenuItem("Action cards: yes"),
                MenuItem("Start"),
            ),
            selected=2,
        ),
        note="Play to 4000 instead of 2000",
    ),
    "setup-options": Screen(
        "setup",
        title="Risk 'n' Roll 2000, 3 players",
        menu=Menu(
            (
                MenuItem("Double Millennium: no"),
                MenuItem("Action cards: yes"),
                MenuItem("Start the game"),
            ),
            selected=2,
        ),
        hint="Select: change or start",
    ),
    "turn": Screen(  # the advisor names its odds over them: points, chance of a belly up
        "turn", names=NAMES, scores=SCORES, active=0, view=THROW_VIEW,
        menu=Menu(KEEP_MENU, odds="pts bust"),
    ),
    "turn-scrolled": Screen(
        "turn", names=NAMES, scores=SCORES, active=0, view=THROW_VIEW, menu=Menu(KEEP_MENU, 6)
    ),
    "turn-long-labels": Screen(
        "turn",
        names=NAMES,
        scores=SCORES,
        active=0,
        view=View(dice=(1, 1, 1, 1, 1, 1), lines=("This turn 0",)),
        menu=Menu(
            (
                MenuItem("1 1 1 1 1 1 +2000 roll 6", "2417 2%", best=True),
                MenuItem("1 1 1 1 1 +500 roll 1", "649 67%"),
                MenuItem("1 1 1 1 1 +500 bank", "500"),
                MenuItem("1 1 1 1 +400 roll 2", "533 44%"),
                MenuItem("1 1 1 1 +400 bank", "400"),
            ),
            selected=1,
        ),
    ),
    "turn-last-die": Screen(
        "turn",
        names=NAMES,
        scores=SCORES,
        active=1,
        view=View(dice=(5,), aside=(1, 1, 1, 5, 5), lines=("This turn 450",)),
        menu=Menu((MenuItem("5 +50 roll 6", "1010 0%", best=True),)),
    ),
    "turn-target": Screen(
        "turn",
        names=("Ann", "Bo", "Maximilian-Alexander"),
        scores=(1650, 1200, 1750),
        active=0,
        view=View(lines=("Plus/Minus: +200 bonus",), message="Ann banks 700 (+200 bonus)"),
        menu=Menu(
            (MenuItem("-200 to Bo", best=False), MenuItem("-200 to Maximilian-Alexander")),
            selected=1,
        ),
    ),
    "turn-last": Screen(  # the game's last turn: options by their chance to win
        "turn",
        names=NAMES,
        scores=(2550, 160, 1030),
        active=2,
        view=View(
            dice=(3, 4, 4, 5, 6, 6),
            lines=("Final turn 780", "Double Time"),
        ),
        menu=Menu((MenuItem("5 +50 bank", "wins", best=True),
                   MenuItem("5 +50 roll 5", "wins 92%"))),
    ),
    "turn-eight-players": Screen(
        "turn",
        names=("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"),
        scores=(350, 1200, 90, 1450, 0, 800, 1990, 610),
        active=5,
        view=View(dice=(2, 2, 3, 4, 6, 6), lines=("This turn 0",)),
        menu=Menu((MenuItem("No scoring dice: belly up"),)),
    ),
    "turn-colours": Screen(
        "turn",
        names=NAMES,
        scores=(34, 51, 27),
        active=2,
        view=View(
            dice=(1, 2, 3, 4, 6, 6),
            colours=("magenta", "magenta", "magenta", "magenta", "magenta", "blue"),
            lines=("Round 3/7, throw 3/3",),
        ),
        menu=Menu(  # the rulebook's Lena: magenta 1 2 3 4 6 and a blue 6
            (
                MenuItem("Magenta 1234: 35, give 24", "", best=True),
                MenuItem("Magenta 2346: 30, give 13", ""),
                MenuItem("Magenta 12346: 16, give 12", ""),
            )
        ),
    ),
    "turn-colours-aside": Screen(  # coloured dice kept aside keep their colour tags
        "turn",
        names=NAMES,
        scores=(34, 51, 27),
        active=1,
        view=View(
            dice=(2, 5, 6),
            colours=("blue", "grey", "orange"),
            aside=(1, 3, 4),
            aside_colours=("black", "yellow", "magenta"),
            lines=("Round 2/7, throw 2/3",),
        ),
        menu=Menu((MenuItem("Keep K1 Y3 M4 B2", "31pt give 9", best=True),
                   MenuItem("K1 B2 Y3 M4 G5 O6: 21"), MenuItem("Cy asks greatest gift"))),
    ),
    "turn-help-played": Screen(  # what just happened stands until the next step, whole
        "turn",
        names=("Maximilian", "Wilhelmina"),
        scores=(0, 2),
        active=0,
        view=View(dice=(2, 3, 3), lines=("Roll 2/2", "Pair sum 14+", "1-1-6", "Help: none"),
                  message="Maximilian plays +2/-2: 5 to 3"),
        menu=Menu((MenuItem("Claim 1-1-6", "+3", best=True), MenuItem("End the turn", "0"))),
    ),
    "enter-colours": Screen(
        "enter",
        title="Enter 6 dice",
        entry=(1, 1, 3, 0, 0, 0),
        colours=("blue", "grey", "yellow", "", "", ""),
        cursor=2,
        hint="Select no., Up/Down colour, OK next",
    ),
    "throw": Screen(
        "throw",
        title="Throw 6 dice",
        names=NAMES,
        scores=SCORES,
        active=0,
        view=View(lines=("This turn 0", "Double Time")),
    ),
    "throw-rolled-out": Screen(
        "throw",
        title="Bo rolled out: throw all 6 again",
        names=NAMES,
        scores=SCORES,
        active=1,
        view=View(lines=("This turn 750",)),
        hint="OK: read the dice, Select: enter by hand",
    ),
    "throw-news": Screen(
        "throw",
        title="Cy: throw 6 dice",
        names=NAMES,
        scores=SCORES,
        active=2,
        view=View(lines=("This turn 0", "No Harm")),
        note="Threw 2 3 4 6. No Harm: Bo keeps 850",
        hint="OK: read the dice\nSelect: enter by hand",
    ),
    "confirm": Screen(
        "confirm",
        title="Camera read",
        entry=(1, 1, 5, 2, 3, 6),
        flagged=(2, 5),
        note="2 dice unsure: check them",
        menu=Menu((MenuItem("Accept"), MenuItem("Correct"))),
    ),
    "confirm-charidice": Screen(
        "confirm",
        title="Camera read",
        entry=(1, 2, 3, 4, 5, 6),
        colours=("grey", "blue", "yellow", "blue", "yellow", "black"),
        flagged=(1, 4, 5),
        note="Blue 2 and black 5 are on the same die.",
        menu=Menu((MenuItem("Correct"), MenuItem("Read again"))),
    ),
    "enter": Screen("enter", title="Enter 6 dice", entry=(1, 1, 2, 3, 0, 0), cursor=3),
    "enter-six-seven": Screen("enter", title="Enter 2 dice", entry=(6, 7), cursor=1),
    "card": Screen(
        "card",
        title="Double Time",
        note="Bank to double this turn's points",
        menu=Menu((MenuItem("Play Double Time", best=True), MenuItem("Decline card"))),
    ),
    "card-name": Screen(
        "card",
        title="Which card?",
        note="Name the Action Card drawn",
        menu=Menu(tuple(MenuItem(name) for name in CARD_NAMES), selected=6),
    ),
    "cards": Screen(
        "cards",
        title="Purple: Offer card 3 of 4",
        menu=Menu(tuple(MenuItem(name, "1 left") for name in PURPLE), selected=PURPLE.index(
            "No 1 6, pair")),
        hint="Select: this, Back: groups",
        game="216",
        table=pictures(*PURPLE),
    ),
    "cards-green": Screen(
        "cards",
        title="Green: Refill the Offer",
        menu=Menu(tuple(MenuItem(name, "1 left") for name in GREEN), selected=2),
        hint="Select: this, Back: groups",
        game="216",
        table=pictures(*GREEN),
    ),
    "216-offer": Screen(
        "216:offer", title="Offer 1-2 of 4",
        table=tuple((name, scores, symbols) for (name, symbols), scores
                    in zip(pictures("No 1 6, pair", "6, sum 15+"), ("6+3", "9+5"))),
    ),
    "216-hand": Screen(
        "216:hand", title="Ann: Help cards",
        table=(("+1/-1", 2, 0), ("Opposite", 1, 0), ("Reroll 3", 1, 0), ("Wild", 1, 1)),
    ),
    "over": Screen(
        "over", names=NAMES, scores=(2050, 1200, 1980), winners=(0,)
    ),
    "over-news": Screen(
        "over",
        names=NAMES,
        scores=(2050, 1200, 1980),
        winners=(0,),
        note="Threw 2 3 4 4 6. Belly up! Cy loses 350",
    ),
    "over-five": Screen(
        "over",
        names=("Ann", "Bo", "Cy", "Dee", "Maximilian"),
        scores=(2050, 1200, 2050, 640, 1730),
        winners=(0, 2),
    ),
    "turn-sixseven": Screen(  # 67: the dice as the result's digits; what to beat first
        "sixseven:turn",
        names=("Ann", "Bo", "Cy", "Dee"),
        scores=(9, 12, 7, 10),
        active=0,
        view=View(dice=(5, 6), lines=("Round 4/7 · Ann to play", "Board 64 Bo, 43 Cy",
                                      "Cards To 7, ±1", "VP Bo 12, Dee 10, Ann 9, Cy 7")),
        menu=Menu((MenuItem("Card To 7: 5 to 7", "100 0 4.7", best=True),
                   MenuItem("Reroll the 5", "31 0 3.1"),
                   MenuItem("Place 65", "0 0 2.2"),
                   MenuItem("Place 56", "0 0 1.4")), odds="67% dbl% VP"),
    ),
    "turn-sixseven-67": Screen(  # a SIX SEVEN: the news beside the dice, cards locked
        "sixseven:turn",
        names=("Ann", "Bo", "Cy"),
        scores=(11, 12, 7),
        active=0,
        view=View(dice=(6, 7), message="SIX SEVEN! Ann +2 VP; Played ±1: 5 to 6",
                  lines=("Round 4/7 · Ann to play", "Cards To 7", "VP Bo 12, Ann 11, Cy 7")),
        menu=Menu((MenuItem("Place 67", "100 0 5.0", best=True),
                   MenuItem("Chase a double 67", "0 2.8 2.3")), odds="67% dbl% VP"),
    ),
    "turn-sixseven-note": Screen(  # a note from the session takes the facts' line
        "sixseven:turn",
        names=("Ann", "Bo", "Cy"),
        scores=(3, 2, 1),
        active=1,
        view=View(dice=(4, 6), lines=("Round 2/7 · Bo to play", "Board 54 Ann")),
        note="Resumed game from 21:40",
        menu=Menu((MenuItem("Reroll the 4", "0 33 5.1", best=True),
                   MenuItem("Place 64", "0 0 1.0")), odds="67% dbl% VP"),
    ),
    "turn-sixseven-take": Screen(  # the last place takes a card: no dice
        "sixseven:turn",
        names=("Ann", "Bo", "Cy"),
        scores=(3, 2, 1),
        active=2,
        view=View(message="Ann 1st, Cy last",
                  lines=("Round 1/7 · Cy to play", "Board 66 Ann, 54 Bo, 32 Cy",
                         "Offer To 6, Reroll 2", "VP Ann 3, Bo 2")),
        menu=Menu((MenuItem("Take To 6", "17 0 2.2", best=True),
                   MenuItem("Take Reroll 2", "15 0 2.0")), odds="67% dbl% VP"),
    ),
    "sixseven-board": Screen(
        "sixseven:board", title="Round 3: results",
        table=(("1st", 67, "Ann", "+3"), ("2nd", 75, "Bo", "+2"), ("3rd", 53, "Cy", "+1"),
               ("4th", 32, "Dee", "+0")),
        note="START: Bo",
    ),
    "sixseven-board-two": Screen(  # Two-Player Mode: four colours, two names
        "sixseven:board", title="Round 5: results",
        table=(("1st", 67, "Ann B", "+3"), ("2nd", 44, "Maximilian-Alexander A", "+2")),
        note="START: Ann B",
    ),
    "sixseven-track": Screen(
        "sixseven:track", title="VP track",
        table=(("Bo", 12, "top"), ("Ann", 12, ""), ("Dee", 10, ""), ("Cy", 7, ""),
               ("Eve", 3, ""), ("Fay", 0, "")),
    ),
    "sixseven-cards": Screen(  # a hand of four goes on in a second row
        "sixseven:cards", title="Skill cards 1/3",
        table=(("Offer", "To 6", "Reroll 2"), ("Ann", "±1", "±2", "To 7")),
    ),
    "sixseven-cards-more": Screen(
        "sixseven:cards", title="Skill cards 2/3",
        table=(("Ann", "Reroll 1"), ("Maximilian-Alexander", "To 6", "To 7", "±2")),
    ),
    "sixseven-cards-none": Screen(
        "sixseven:cards", title="Skill cards 2/3", table=(("Bo",), ("Cy", "To 6"))),
    "sixseven-over": Screen(
        "sixseven:over", names=("Ann", "Bo", "Cy"), scores=(12, 12, 8), winners=(1,),
        view=View(lines=("Bo wins: tied on 12 VP, Bo's token is on top",)),
    ),
    "sixseven-over-two": Screen(  # Two-Player Mode: the colours' VP summed, one winner
        "sixseven:over", names=("Ann", "Bo"), scores=(20, 20), winners=(0,),
        view=View(lines=("Ann wins: tied on 20 VP, Ann B's token is on top",)),
    ),
    "throw-charidice": Screen(  # the gift may be asked: the hint says how
        "throw", title="Ann: throw 3 dice", names=NAMES, scores=(85, 49, 55), active=0,
        view=View(lines=("Round 2/7, throw 1/3",)),
        hint="OK: roll, Select: by hand\nHold Select: gift (Bo)",
    ),
    "calibrate": Screen(  # the colour calibration's first way: the six dice anywhere
        "throw", title="Calibrate colours",
        hint="Show the six dice, 1s up, apart\nOK: look, Back: return",
    ),
    "calibrate-row": Screen(  # its colours not told apart: the six laid in a row, named so
        "enter", title="Lay them in this row", entry=(1,) * 6,
        colours=("blue", "grey", "orange", "black", "yellow", "magenta"), cursor=-1,
        hint="Lay them so. OK: look\nSelect: apart, Back: return",
    ),
    "calibrate-row-part": Screen(  # taken in part, that part in use: the row offered for all
        "enter", title="Lay them in this row", entry=(1,) * 6,
        colours=("blue", "grey", "orange", "black", "yellow", "magenta"), cursor=-1,
        hint="4 of 6 learnt. OK: look\nSelect: apart, Back: start",
    ),
    "charidice-totals": Screen(
        "charidice:totals", title="Totals",
        table=(("Ann", 79, 6, 9, 85), ("Bo", 40, 9, 16, 49), ("Cy", 39, 16, 6, 55)),
        note="Most given: Bo",
    ),
    "charidice-sheet": Screen(  # the gift asked ("2x"), round 3 being played
        "charidice:sheet", title="Cy 2x",
        table=(("1", 14, 25, 11, 6), ("2", 10, 30, 48, 3), ("3", "", "", 5, ""),
               *((str(r), "", "", "", "") for r in range(4, 8)), ("Tot", 24, 55, 64, 9)),
    ),
    "charidice-sheet-end": Screen(  # three-digit totals and the charity bonus received
        "charidice:sheet", title="Maximilian-Alexander 2x +30",
        table=(("1", 24, 15, 6, 6), ("2", 10, 30, 120, 3), ("3", 15, 30, 5, 2),
               ("4", 24, 0, 9, 3), ("5", 17, 15, 6, 11), ("6", 16, 15, 4, 6),
               ("7", 24, 15, 6, 7), ("Tot", 130, 120, 156, 38)),
    ),
    "charidice-over": Screen(
        "charidice:over", names=NAMES, scores=(292, 189, 228), winners=(0,),
        view=View(lines=("Charity bonus 20: Bo",)),
    ),
    "phone-page": qr_screen("HTTP://192.168.100.123:8067/Q2RT7ZMZ5ZQ4AB3C/",
                               "192.168.100.123:8067"),
    "message": Screen("message", note="Set at least one scoring die aside."),
    "message-long": Screen(
        "message",
        title="Belly up!",
        note=(
            "No scoring dice: Bo loses the 850 points of this turn and the Double Time "
            "card, and the dice pass to Cy, who draws an Action Card before throwing, "
            "then Dee, then Ann."
        ),
    ),
}
"""Every example by name; each is rendered at 128x64 and at 128x32."""

SIZES = ((128, 64), (128, 32))
