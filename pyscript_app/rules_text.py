"""The rules in plain words (from RULES.md), for the rules panel. Static HTML."""

RULES_HTML = """
<p>Two traders compete to be the richest. Win a round to earn a <b>seal of excellence</b>;
two seals win the game.</p>
<h3>On your turn, do one thing</h3>
<ul>
<li><b>Take one good</b> from the market into your hand (not when you already hold 7 cards).
The market is refilled from the deck.</li>
<li><b>Take all the camels</b> from the market into your herd. Camels do not count toward your
hand limit. The market is refilled.</li>
<li><b>Trade</b>: take two or more goods from the market and put back as many cards, from your
hand and/or camels from your herd. You may not give back a good of a type you take.
Your hand may not end above 7 cards.</li>
<li><b>Sell</b> any number of cards of one good from your hand. For each card you take the top
token of that good. Diamonds, gold and silver are sold at least two at a time.
A sale of 3 cards earns a bonus token (1&ndash;3), 4 cards (4&ndash;6), 5 or more (8&ndash;10).
Bonus tokens stay face down until the round is scored.</li>
</ul>
<h3>End of a round</h3>
<p>A round ends at once when three goods token piles are empty, or when the market cannot be
refilled from the deck. The player with more camels takes the camel token (5 rupees).
The richer player takes a seal; equal totals go to more bonus tokens, then more goods tokens.
The loser of a round starts the next one.</p>
<h3>Playing here</h3>
<p>Click cards to select them (market cards to take, your cards or camels to give or sell), then
press Take, Take camels, Trade or Sell. A button that cannot work tells you why.
Goods: &#9670; diamond, &#9679; gold, &#9650; silver, &#8779; cloth, &#10033; spice, &#9644; leather, &#8745; camel.</p>
"""
