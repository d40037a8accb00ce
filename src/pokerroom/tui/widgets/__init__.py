"""The terminal game's widgets: the table's (seats, felt, hand log, action bar, amount
field) and the form fields (a typed input, a cycler)."""
