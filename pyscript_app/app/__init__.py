"""The app's loop: one immutable state, events in, `update`, effects out, the runner.

    event -> update(state, event) -> (state, effects) -> runner: host.show(render(state)), effects

The model (state and the values it holds or passes: events, effects, the controls and keys
that name them, the selection, the save formats) imports only words/ and itself. `update` and
its helpers make new states; they never import a view or the browser. The runner performs the
effects through a `host.Host`, the browser's or the tests' fake.

Modules (layer, what it holds):
  state      model   TableState, the one immutable state (+ Note, Settings, Kept, Search, Shared…)
  events     model   what can happen to the page, as values; from_dom reads the delegated listener's data-
  effects    model   what update asks the runner to do, as values (Save, StartSearch, Download, Copy…)
  controls   model   every control of the page named once (Button, Control): what a click or key sends
  keys       model   the keyboard: one key per action, arrows in a row of cards, Tab kept in a dialog
  selection  model   picked cards -> the action each button would play, or why not
  saves      model   the autosave and kept-games formats (jaipur-save/1), and their storage keys
  update     update  update(state, event) -> (state, effects): the game in play, pure
  boot       update  the first state, from the link, the stored games and the settings, each read once
  games      update  which game is on the table: new games, resume, import, nothing lost
  tabs       update  two tabs or frames of one game: follow the other, or say it moved on
  runner     loop    performs the effects through the host; one search at a time, the coach's jobs
  host       loop    what the runner needs from the page: the Host protocol
"""
