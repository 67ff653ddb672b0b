"""The real group: libsodium through PyNaCl plays whole games, and agrees byte for byte with the
page's binding, libsodium-wrappers-sumo run in Node from the build's installed npm packages."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from jaipur_core import Game
from jaipur_core.remote import RemoteError, RemoteGame, sodium_group
from jaipur_core.remote.deck import card_points
from jaipur_core.remote.messages import to_link
from tests.remote_doubles import play_game

ROOT = Path(__file__).resolve().parent.parent
nacl = pytest.importorskip("nacl", reason="PyNaCl is not installed (pip install -e '.[test]')")
GROUP = sodium_group()


def test_two_whole_games_with_libsodium_replay_and_every_link_fits_a_chat_app():
    for seed in (1, 2):
        a, b, messages = play_game(GROUP, seed)
        assert a.over and b.over and a.record() == b.record()
        assert Game.from_record(a.record()).state.phase == "game_over"
        site = "https://" + "x" * 92 + "/"  # a site address of 100 characters
        assert max(len(to_link(message, site)) for message in messages) <= 4096


def test_a_history_of_the_toy_group_is_refused_by_the_real_one():
    from tests.remote_doubles import TOY
    a, b, _ = play_game(TOY, 3)
    with pytest.raises(RemoteError) as caught:
        RemoteGame.from_json(GROUP, a.to_json())
    assert caught.value.code == "group"


def _inputs():
    """Inputs for each operation, and libsodium's own edge cases (the identity, a small-order point, 0)."""
    digest = lambda *parts: hashlib.sha512(b"".join(parts)).digest()  # noqa: E731
    uniforms = [digest(b"u", bytes((i,)))[:32] for i in range(12)]
    wides = [digest(b"w", bytes((i,))) for i in range(12)]
    points = [GROUP.point_from_uniform(u) for u in uniforms]
    scalars = [GROUP.scalar_from_wide(w) for w in wides]
    ops = [["from_uniform", u.hex()] for u in uniforms]
    ops += [["scalar_reduce", w.hex()] for w in wides]
    ops += [["scalarmult", s.hex(), p.hex()] for s, p in zip(scalars, points, strict=True)]
    ops += [["scalar_mul", a.hex(), b.hex()] for a, b in zip(scalars, scalars[1:], strict=False)]
    ops += [["invert", s.hex()] for s in scalars]
    identity = (1).to_bytes(32, "little")
    ops += [["is_valid_point", p.hex()] for p in points[:4] + [identity, bytes(32), b"\xff" * 32]]
    ops += [["scalarmult", bytes(32).hex(), points[0].hex()], ["scalarmult", scalars[0].hex(), identity.hex()],
            ["invert", bytes(32).hex()]]
    ops += [["scalarmult", s.hex(), p.hex()] for s, p in zip(scalars, card_points(GROUP, b"g" * 16, 1), strict=False)]
    return ops


def _python(op):
    name, *args = op
    data = [bytes.fromhex(arg) for arg in args]
    call = {"from_uniform": GROUP.point_from_uniform, "scalar_reduce": GROUP.scalar_from_wide, "scalarmult": GROUP.mult,
            "scalar_mul": GROUP.scalar_mul, "invert": GROUP.invert, "is_valid_point": GROUP.is_valid_point}[name]
    try:
        result = call(*data)
    except ValueError:  # GroupError
        return "error"
    return result if isinstance(result, bool) else result.hex()


def _installed_wrappers() -> Path | None:
    """libsodium-wrappers-sumo where build.py's `npm ci` installed it (.cache/npm/<pins' hash>)."""
    import sys
    sys.path.insert(0, str(ROOT))
    from tools.site import pins
    from tools.site.vendor import content_key
    manifests = (pins.NPM_PROJECT / "package.json", pins.NPM_PROJECT / "package-lock.json")
    folder = ROOT / ".cache" / "npm" / content_key(*manifests)
    return folder / "node_modules" if (folder / "node_modules" / "libsodium-wrappers-sumo").is_dir() else None


def test_pynacl_and_libsodium_wrappers_sumo_agree_byte_for_byte(tmp_path):
    node = shutil.which("node")
    modules = _installed_wrappers()
    if node is None or modules is None:
        reason = ("node is not installed" if node is None else
                  "libsodium-wrappers-sumo is not installed: python3 build.py installs it (npm ci) into .cache/npm/")
        if os.environ.get("CI"):
            pytest.fail(f"under CI the two bindings must be compared: {reason}")
        pytest.skip(reason)
    from tools.site.vendor import LIBSODIUM_WRAPPERS, copy_libsodium
    copy_libsodium(modules, tmp_path)  # the very files the build puts in dist/libsodium/
    ops = _inputs()
    request = json.dumps({"module": str(tmp_path / LIBSODIUM_WRAPPERS), "ops": ops})
    done = subprocess.run([node, str(ROOT / "tests" / "remote" / "agree.mjs")], input=request, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    page = json.loads(done.stdout)
    here = [_python(op) for op in ops]
    assert page == here
    assert here.count("error") == 3  # 0 * P, a multiple of the identity, 1 / 0: refused alike
    assert here.count(False) == 3 and here.count(True) == 4  # the identity, 0 and 2^256 - 1 are no points
