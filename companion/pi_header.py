"""The Raspberry Pi's 40-pin header (J8): the GPIO names gpiozero accepts, and the pins
an OLED's bus takes.

`companion config --check` must refuse a button pin that gpiozero would refuse on the
Pi ("PinInvalidPin: GPIO99 is not a valid pin name"), or that the display already
uses. The names come from gpiozero's own board data (`pi_info(...).to_gpio()`), which
needs no Pi: the 40-pin header is the same on every Pi since the B+, so one model's
data stands for all. What gpiozero cannot say is which pins the I2C and SPI buses use
(that is the device tree's choice), so those are kept here.
"""

from __future__ import annotations

import re
from functools import cache

PI_WITH_THE_40_PIN_HEADER = "c03111"
"""A Pi 4 B's revision code: its header data is every 40-pin Pi's."""


@cache
def _board():
    from gpiozero import pi_info  # pure Python; its board data needs no hardware

    return pi_info(PI_WITH_THE_40_PIN_HEADER)


def _pins() -> dict:
    """Physical pin number -> gpiozero's pin info, for the J8 header."""
    return _board().headers["J8"].pins


def names() -> dict[str, int]:
    """Every name gpiozero takes for a header GPIO -> its GPIO number: "5", "GPIO5",
    "BCM5", "BOARD29", "J8:29", "WPI21". gpiozero wants them in upper case."""
    return {name: int(pin.name.removeprefix("GPIO"))
            for pin in _pins().values() if "gpio" in pin.interfaces
            for name in pin.names if isinstance(name, str)}


I2C_PINS: dict[int, dict[int, str]] = {1: {2: "SDA", 3: "SCL"}, 0: {0: "SDA", 1: "SCL"}}
"""I2C bus (/dev/i2c-N) -> {GPIO: signal}, for the buses that are on fixed header pins."""

SPI_PINS: dict[int, tuple[dict[int, str], tuple[int, ...]]] = {
    0: ({10: "MOSI", 11: "SCLK"}, (8, 7)),
    1: ({20: "MOSI", 21: "SCLK"}, (18, 17, 16)),
}
"""SPI bus -> ({GPIO: signal}, the GPIOs of its chip selects CE0, CE1, ...) as Pi OS's
spi0 and spi1 overlays set them by default. An OLED only writes: MISO is left out."""


def gpio(pin: int | str) -> int | None:
    """The GPIO (BCM) number of a pin as a config gives it (5, "GPIO5", "gpio5", "BOARD29"),
    or None if a 40-pin Pi has no such GPIO (gpiozero's `to_gpio` refuses it)."""
    from gpiozero.exc import PinInvalidPin

    try:
        name = _board().to_gpio(pin.upper() if isinstance(pin, str) else pin)
    except PinInvalidPin:
        return None
    return int(name.removeprefix("GPIO"))


def why_not(pin: str) -> str:
    """Why `pin` names no GPIO, for a message that goes on '"pin29" ...'."""
    number = re.fullmatch(r"(GPIO|BCM)?(\d+)", pin.upper())
    if number and int(number[2]) <= 27:   # "GPIO05": gpiozero takes no leading zero
        return f'is not a name gpiozero takes; write "{number[1] or ""}{int(number[2])}"'
    if number:
        return "is not a GPIO of the 40-pin header (0 to 27)"
    physical = re.fullmatch(r"(?:BOARD|J8:)(\d+)", pin.upper())
    if physical and int(physical[1]) in _pins():
        what = _pins()[int(physical[1])].function
        return f"is physical pin {physical[1]}, which is {what}, not a GPIO"
    if physical:
        return "is not a pin of the 40-pin header (1 to 40)"
    return ('is not a pin name: write the GPIO (BCM) number, 5 or "GPIO5" '
            '(gpiozero also takes "BCM5", "BOARD29" and "J8:29" for it)')


def label(pin: int | str) -> str:
    """The pin as written, with its GPIO number when the name does not show it."""
    n = gpio(pin)
    if n is None or str(pin).upper() in (str(n), f"GPIO{n}", f"BCM{n}"):
        return str(pin)
    return f"{pin} (GPIO{n})"
