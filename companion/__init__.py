"""The table companion: referees physical dice games from camera readings and buttons."""
