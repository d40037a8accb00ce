"""Hand histories: PHH in and out, ACPC game definitions and logs, readable logs, replay."""
