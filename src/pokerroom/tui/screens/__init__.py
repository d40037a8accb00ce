"""The terminal game's screens: the menu, the new-game form, the table, loading, the
hand history, settings, how to play, the standings, and the dialogs over them.  The
app makes them by name (:attr:`pokerroom.tui.app.PokerApp.SCREEN_MAKERS`); none imports
the app.
"""
