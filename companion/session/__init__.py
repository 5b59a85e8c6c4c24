"""The session's rooms: each mode of `companion.table.Table` is a screen and its buttons.

`modes.MODES` declares every mode in one table (its screen, its buttons, where it
leads); `setup` (choose a game), `play` (decisions, throws, draws, game over), `entry`
(dice entered by hand or a reading confirmed) and `overlay` (the game menu) hold them.
"""
