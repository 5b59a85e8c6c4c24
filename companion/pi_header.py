"""The Raspberry Pi's 40-pin header (J8): the GPIO names gpiozero accepts, and the pins
an OLED's bus takes.

`companion config --check` must refuse a button pin that gpiozero would refuse on the
Pi ("PinInvalidPin: GPIO99 is not a valid pin name"), or that the display already
uses, and it runs where gpiozero is not installed, so the names are kept here. They
are gpiozero 2's names for a 40-pin Pi; a test compares them with gpiozero's own
board data.
"""

from __future__ import annotations

import re

GPIO_OF_PHYSICAL: dict[int, int] = {
    3: 2, 5: 3, 7: 4, 8: 14, 10: 15, 11: 17, 12: 18, 13: 27, 15: 22, 16: 23, 18: 24, 19: 10,
    21: 9, 22: 25, 23: 11, 24: 8, 26: 7, 27: 0, 28: 1, 29: 5, 31: 6, 32: 12, 33: 13, 35: 19,
    36: 16, 37: 26, 38: 20, 40: 21,
}
"""Physical pin -> GPIO (BCM) number, for the header pins that are GPIOs (the others
are 3V3, 5V and GND)."""

WIRINGPI_OF_PHYSICAL: dict[int, int] = {
    3: 8, 5: 9, 7: 7, 8: 15, 10: 16, 11: 0, 12: 1, 13: 2, 15: 3, 16: 4, 18: 5, 19: 12,
    21: 13, 22: 6, 23: 14, 24: 10, 26: 11, 27: 30, 28: 31, 29: 21, 31: 22, 32: 26, 33: 23,
    35: 24, 36: 27, 37: 25, 38: 28, 40: 29,
}
"""Physical pin -> wiringPi number: gpiozero also takes "WPI21" for GPIO5."""

NAMES: dict[str, int] = {
    name: gpio
    for phys, gpio in GPIO_OF_PHYSICAL.items()
    for name in (str(gpio), f"GPIO{gpio}", f"BCM{gpio}", f"BOARD{phys}", f"J8:{phys}",
                 f"WPI{WIRINGPI_OF_PHYSICAL[phys]}")
}
"""Every name gpiozero takes for a header GPIO -> its GPIO number: "5", "GPIO5", "BCM5",
"BOARD29", "J8:29", "WPI21". gpiozero wants them in upper case."""

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
    or None if a 40-pin Pi has no such GPIO."""
    if isinstance(pin, int):
        return pin if 0 <= pin <= 27 else None
    return NAMES.get(pin.upper())


def why_not(pin: str) -> str:
    """Why `pin` names no GPIO, for a message that goes on '"pin29" ...'."""
    number = re.fullmatch(r"(GPIO|BCM)?(\d+)", pin.upper())
    if number and int(number[2]) <= 27:   # "GPIO05": gpiozero takes no leading zero
        return f'is not a name gpiozero takes; write "{number[1] or ""}{int(number[2])}"'
    if number:
        return "is not a GPIO of the 40-pin header (0 to 27)"
    physical = re.fullmatch(r"(?:BOARD|J8:)(\d+)", pin.upper())
    if physical and 1 <= int(physical[1]) <= 40:
        return f"is physical pin {physical[1]}, which is power or ground, not a GPIO"
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
