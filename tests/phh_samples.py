"""PHH hands the command-line tests share."""

ALL_IN = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 1000", "p1 cc", "d db 2c7h9s", "d db Jd",
           "d db 3c"]
players = ["Ann", "Bo"]
finishing_stacks = [2000, 0]
"""
"""Ann's aces against Bo's kings, all in before the flop, and Ann wins Bo's 1,000."""

CHECKED_DOWN = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 30", "p1 cc", "d db 2c7h9s",
           "p1 cc", "p2 cc", "d db Jd", "p1 cc", "p2 cc", "d db 3c", "p1 cc", "p2 cc"]
players = ["Ann", "Bo"]
finishing_stacks = [1030, 970]
"""
"""Bo raises to 30, Ann calls, and both check to the river; Ann's aces win 30."""
