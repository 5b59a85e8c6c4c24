"""The session's modes: each mode of `companion.table.Table` is an object that owns its
screen's state and answers a press with the next mode (`mode.Mode`).

`modes.MODES` names them all; `setup` (choose a game), `play` (decisions, throws, the
end), `draw` (a card to name), `entry` (dice entered by hand or a reading confirmed),
`game_menu` (the long Select's menu), `pages` and `calibrate` hold them. Nothing here
imports `companion.table`: modes reach the table through `mode.Host`.
"""
