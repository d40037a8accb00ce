# ruff: noqa: E501 - real PokerStars headers are long lines
"""PokerStars hand-history text as the room writes it, for the reader's tests: cash games
in dollars with rake (no limit and fixed limit), a tournament with antes, a player
sitting out, chat, thousands separators, several hands in one file.  Written out by hand
in PokerStars' own format (the amounts add up: each hand's pot is its bets, less the
uncalled bet, and its winners collect the pot less the rake)."""

from __future__ import annotations

CASH_NL = """\
PokerStars Hand #229017891238:  Hold'em No Limit ($0.01/$0.02 USD) - 2021/09/19 10:12:37 CET [2021/09/19 4:12:37 ET]
Table 'Aaltje II' 6-max Seat #3 is the button
Seat 1: Villain1 ($2.14 in chips)
Seat 2: Villain2 ($2 in chips)
Seat 3: Hero ($2.05 in chips)
Seat 4: Villain4 ($0.70 in chips) is sitting out
Seat 5: Villain5 ($1,234.56 in chips)
Villain5: posts small blind $0.01
Villain1: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Villain2: folds
Villain4 said, "gl all"
Hero: raises $0.04 to $0.06
Villain5: folds
Villain1: calls $0.04
*** FLOP *** [2c 7h 9s]
Villain1: checks
Hero: bets $0.08
Villain1: raises $0.20 to $0.28
Hero: calls $0.20
*** TURN *** [2c 7h 9s] [Jd]
Villain1: bets $0.50
Hero: folds
Uncalled bet ($0.50) returned to Villain1
Villain1 collected $0.68 from pot
Villain1: doesn't show hand
*** SUMMARY ***
Total pot $0.69 | Rake $0.01
Board [2c 7h 9s Jd]
Seat 1: Villain1 (big blind) collected ($0.68)
Seat 2: Villain2 folded before Flop (didn't bet)
Seat 3: Hero (button) folded on the Turn
Seat 5: Villain5 (small blind) folded before Flop
"""

CASH_LIMIT = """\
PokerStars Hand #41234567890:  Hold'em Limit ($0.10/$0.20 USD) - 2010/03/05 21:30:00 ET
Table 'Xanthos' 9-max Seat #1 is the button
Seat 1: Alpha ($4.20 in chips)
Seat 2: Bravo ($5 in chips)
Seat 3: Charlie ($3.55 in chips)
Bravo: posts small blind $0.05
Charlie: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Charlie [Qs Qd]
Alpha: raises $0.10 to $0.20
Bravo: calls $0.15
Charlie: raises $0.10 to $0.30
Alpha: calls $0.10
Bravo: folds
*** FLOP *** [Kh 8d 3c]
Charlie: bets $0.10
Alpha: calls $0.10
*** TURN *** [Kh 8d 3c] [2s]
Charlie: bets $0.20
Alpha: raises $0.20 to $0.40
Charlie: calls $0.20
*** RIVER *** [Kh 8d 3c 2s] [7h]
Charlie: checks
Alpha: bets $0.20
Charlie: calls $0.20
*** SHOW DOWN ***
Alpha: shows [Ks Jc] (a pair of Kings)
Charlie: mucks hand
Alpha collected $2.15 from pot
*** SUMMARY ***
Total pot $2.20 | Rake $0.05
Board [Kh 8d 3c 2s 7h]
Seat 1: Alpha (button) showed [Ks Jc] and won ($2.15) with a pair of Kings
Seat 2: Bravo (small blind) folded before Flop
Seat 3: Charlie (big blind) mucked [Qs Qd]
"""

TOURNAMENT = """\
PokerStars Hand #208000000001: Tournament #2900000000, $0.98+$0.12 USD Hold'em No Limit - Level IV (25/50) - 2019/12/31 23:59:59 ET
Table '2900000000 3' 9-max Seat #2 is the button
Seat 1: Anna (1480 in chips)
Seat 2: Boris (3,200 in chips)
Seat 3: Chen (900 in chips)
Seat 5: Dana (2000 in chips) is sitting out
Anna: posts the ante 5
Boris: posts the ante 5
Chen: posts the ante 5
Dana: posts the ante 5
Chen: posts small blind 25
Dana: posts big blind 50
*** HOLE CARDS ***
Dealt to Anna [7c 7d]
Anna: raises 100 to 150
Boris: folds
Chen: raises 745 to 895 and is all-in
Dana: folds
Anna: calls 745
*** FLOP *** [Ah 7s 2d]
*** TURN *** [Ah 7s 2d] [Kc]
*** RIVER *** [Ah 7s 2d Kc] [4h]
*** SHOW DOWN ***
Anna: shows [7c 7d] (three of a kind, Sevens)
Chen: shows [As Qh] (a pair of Aces)
Anna collected 1860 from pot
Chen finished the tournament in 37th place
*** SUMMARY ***
Total pot 1860 | Rake 0
Board [Ah 7s 2d Kc 4h]
Seat 1: Anna showed [7c 7d] and won (1860) with three of a kind, Sevens
Seat 2: Boris (button) folded before Flop (didn't bet)
Seat 3: Chen (small blind) showed [As Qh] and lost with a pair of Aces
Seat 5: Dana (big blind) folded before Flop
"""

SIDE_POTS = """\
PokerStars Hand #300000000002:  Hold'em No Limit (50/100) - 2022/02/02 20:22:00 ET
Table 'Play 1' 9-max (Play Money) Seat #1 is the button
Seat 1: Ant (10000 in chips)
Seat 2: Bee (1000 in chips)
Seat 3: Cat (2500 in chips)
Seat 4: Dog (10000 in chips)
Bee: posts small blind 50
Cat: posts big blind 100
*** HOLE CARDS ***
Dog: raises 200 to 300
Ant: calls 300
Bee: raises 700 to 1000 and is all-in
Cat: raises 1500 to 2500 and is all-in
Dog: calls 2200
Ant: folds
*** FLOP *** [Td 9d 2s]
*** TURN *** [Td 9d 2s] [5c]
*** RIVER *** [Td 9d 2s 5c] [Kh]
*** SHOW DOWN ***
Dog: shows [Ac Ks] (a pair of Kings)
Bee: shows [Qh Qc] (a pair of Queens)
Cat: shows [Jh Jd] (a pair of Jacks)
Dog collected 3000 from side pot
Dog collected 3300 from main pot
*** SUMMARY ***
Total pot 6300 Main pot 3300. Side pot 3000. | Rake 0
Board [Td 9d 2s 5c Kh]
Seat 1: Ant (button) folded before Flop
Seat 2: Bee (small blind) showed [Qh Qc] and lost with a pair of Queens
Seat 3: Cat (big blind) showed [Jh Jd] and lost with a pair of Jacks
Seat 4: Dog showed [Ac Ks] and won (6300) with a pair of Kings
"""

FILE = "\ufeff" + "\n\n\n".join([CASH_NL, CASH_LIMIT, TOURNAMENT, SIDE_POTS]).replace("\n", "\r\n")
"""The four hands in one file, as Windows saves it: a byte-order mark and CRLF."""
