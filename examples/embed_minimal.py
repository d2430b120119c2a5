"""Embedding pillars-rules in about fifteen lines: play, watch events, view, save, load, replay.

python examples/embed_minimal.py
"""

import random

import pillars_rules as pr

game = pr.new_game(players=3, seed=2024)  # seats 0..2, all randomness from the seed
print(*game.narrate(), sep="\n")  # the opening: setup, shuffles, first display
rnd = random.Random(0)
while not game.is_over:
    seat, before = game.current_player, game.n_events
    action = rnd.choice(game.legal_actions())  # your UI, AI or network goes here
    game = game.apply(action, seat=seat)  # a new Game; the old one is unchanged
    if before < 40:  # narrate the first few events
        for event in game.events[before:]:
            print(game.describe(event))

view = game.view(0)  # what seat 0 may know (secrets hidden)
text = pr.save(game)  # JSON: header + event log
assert pr.load(text) == game == pr.replay(game.events)
print("ranking:", game.ranking(), "scores:", game.scores(), "save bytes:", len(text))
print("seat 0 sees seed", view.state.seed, "and", len(view.legal_actions), "legal actions")
