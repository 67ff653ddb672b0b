"""Learned weights of the ISMCTS (written by tools/train_ai.py; do not edit by hand).

    python3 tools/train_ai.py --seed 1 --rounds 3000 --explore 0.1 --positions 300 --iterations 400 --prior-rounds 1 --write
"""

#: Logistic weights of features.STATE_FEATURES ('realized', 'realized_late', 'potential', 'potential_early', 'camel_token', 'herd', 'to_move', 'grab', 'hand_size').
VALUE_WEIGHTS = (0.9093, 1.5827, 1.5028, -0.7126, 0.5184, 0.4405, 0.1052, 0.3075, 0.5155)
#: Softmax weights of features.PRIOR_FEATURES ('value_gap', 'camels', 'trade', 'sell').
PRIOR_WEIGHTS = (5.1093, 0.2871, -0.1141, -0.0508)
