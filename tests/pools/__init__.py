"""Games kept for the tests alone (not shipped): each proves schema features on real cards."""
