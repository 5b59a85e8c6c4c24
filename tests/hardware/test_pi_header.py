"""companion.pi_header against gpiozero itself: the same names, the same pins."""

from __future__ import annotations

from companion import config, pi_header


def test_the_names_are_gpiozeros_for_the_40_pin_header(mock_pins):
    header = mock_pins.board_info.headers["J8"]
    theirs = {name: int(pin.name.removeprefix("GPIO"))
              for pin in header.pins.values() if "gpio" in pin.interfaces
              for name in pin.names if isinstance(name, str)}
    assert pi_header.names() == theirs


def test_every_name_the_config_passes_opens_that_gpio(mock_pins):
    for name, gpio in pi_header.names().items():
        for written in (name, name.lower()):
            pin, error = config._check_value(config.KEYS["buttons.up"], written)
            assert error is None, error
            # what gpiozero's Button does with the pin it is given
            assert mock_pins.pin(pin).info.name == f"GPIO{gpio}", written
