"""The read-only score-sheet page for the phones at the table (docs/web.md).

`live` is what the play process publishes (the options the OLED shows, the last photo
the camera read); `server` serves it with everything read from the store; `sheets` holds
each game's own score sheet; `fairness` weighs the stored throws. Starlette and uvicorn
are imported only when the page is turned on (`web.enabled`).
"""
