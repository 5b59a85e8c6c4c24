from __future__ import annotations

import pytest


@pytest.fixture
def mock_pins():
    """gpiozero's MockFactory as the pin factory, reset after (PLATFORM-NOTES section 1)."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    old = Device.pin_factory
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = old
