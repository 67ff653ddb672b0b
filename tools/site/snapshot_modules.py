"""Which of the game's modules the memory snapshot holds, declared by hand.

The snapshot is made in Node, where there is no page, and it must hold no
JavaScript object (the snapshot maker refuses one that does). Every module of the
wheel is in exactly one of the three lists below; tests/test_build.py checks that
(a new module must be placed) and that each SNAPSHOT module imports under CPython,
which has no `js`.
"""

# Imported while the snapshot is made, so the page finds them already imported.
SNAPSHOT = (
    # the rules engine and the AI (standard library only)
    "jaipur_core", "jaipur_core.actions", "jaipur_core.analysis_format", "jaipur_core.cards", "jaipur_core.cli",
    "jaipur_core.cli_input",
    "jaipur_core.errors",
    "jaipur_core.game", "jaipur_core.jsontext", "jaipur_core.limits", "jaipur_core.position",
    "jaipur_core.puzzle", "jaipur_core.record", "jaipur_core.rules", "jaipur_core.scoring", "jaipur_core.share",
    "jaipur_core.state", "jaipur_core.view",
    "jaipur_core.ai", "jaipur_core.ai.analysis", "jaipur_core.ai.anytime", "jaipur_core.ai.cli", "jaipur_core.ai.easy",
    "jaipur_core.ai.features", "jaipur_core.ai.hard2026", "jaipur_core.ai.heuristic", "jaipur_core.ai.mcts",
    "jaipur_core.ai.medium", "jaipur_core.ai.randomplayer", "jaipur_core.ai.sale_values",
    "jaipur_core.ai.simulate", "jaipur_core.ai.weights",
    # the page's Python that reaches the browser only inside functions (after the restore)
    "pyscript_app", "pyscript_app.coach", "pyscript_app.coach_jobs", "pyscript_app.coach_state",
    "pyscript_app.controls", "pyscript_app.diagram", "pyscript_app.diagram_scene",
    "pyscript_app.diagram_words", "pyscript_app.effects", "pyscript_app.embed_maker", "pyscript_app.events",
    "pyscript_app.flights", "pyscript_app.games", "pyscript_app.host", "pyscript_app.keys",
    "pyscript_app.knowledge", "pyscript_app.languages", "pyscript_app.maker", "pyscript_app.markup",
    "pyscript_app.messages",
    "pyscript_app.motion", "pyscript_app.notes", "pyscript_app.puzzle_state", "pyscript_app.puzzles",
    "pyscript_app.render", "pyscript_app.render_coach", "pyscript_app.render_dialogs", "pyscript_app.render_know",
    "pyscript_app.render_log", "pyscript_app.render_maker",
    "pyscript_app.render_notes", "pyscript_app.render_puzzle", "pyscript_app.render_table",
    "pyscript_app.review_steps",
    "pyscript_app.runner", "pyscript_app.saves", "pyscript_app.search_backends", "pyscript_app.selection",
    "pyscript_app.table_state", "pyscript_app.tabs", "pyscript_app.update", "pyscript_app.words", "pyscript_app.worth",
    # the search worker's request handler (web/ai_worker.js imports it after its own restore)
    "pyscript_app.worker_jobs",
)

# Called ("module:function", without arguments) once the SNAPSHOT modules are imported,
# so what each reads from the installed files is in the snapshot instead of read again
# on every visit: the catalogs (the .mo files are installed with the wheel).
PREPARED = ("pyscript_app.languages:load_installed",)

# The browser layer: they import `js` or `pyodide.ffi` at the top, so they are imported
# into the snapshot after SNAPSHOT's modules, under Pyodide only. They may do no more with
# the browser while imported: `js` itself is the globals Pyodide restores as the page's
# (or the search worker's), while any JavaScript object they kept, a proxy say, would be
# refused by the maker. Imported in the snapshot, not by the page after the restore: that
# import took 30-50 ms of a cold boot (issue 30).
BROWSER = ("pyscript_app.dom", "pyscript_app.dom_draw", "pyscript_app.dom_focus", "pyscript_app.dom_input",
                 "pyscript_app.dom_js", "pyscript_app.dom_motion", "pyscript_app.dom_services",
                 "pyscript_app.dom_worker")

# Never imported by the page: importing a __main__ runs the command line; diagram_cli reads
# files (the page's Diagram button draws through diagram.py, in SNAPSHOT, like the command).
NOT_IMPORTED = ("jaipur_core.__main__", "pyscript_app.__main__", "pyscript_app.diagram_cli")
