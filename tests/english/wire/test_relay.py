"""wire/relay.py: the shared client and the `animal_ask` capability (trusted socket, quoted English only)."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from service_support import RunningServer, gated_server

from wire.relay import Relay, RelayError, ask, load_relay

CRAB = Path(__file__).resolve().parents[3] / "vocab" / "crab.example.json"


def relay_file(tmp_path: Path, **changes: Any) -> Path:
    raw = json.loads(CRAB.read_text())
    raw["relays"][0].update(changes)
    path = tmp_path / "crab.json"
    path.write_text(json.dumps(raw))
    return path


@pytest.fixture
def server() -> Iterator[RunningServer]:
    with gated_server() as srv:
        yield srv


def test_the_example_relay_configuration_loads() -> None:
    relay = load_relay(CRAB)
    (target,) = relay.targets.values()
    assert target.animal == "Sea Spider" and target.caller == "crab" and target.socket.startswith("/")


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"socket": "run/seaspider.sock"}, "is not an absolute path"),
        ({"socket": None}, "is not an absolute path"),
        ({"caller": "Crab!"}, "is not a caller name"),
        ({"capability": "nope"}, "is not an animal_ask capability"),
        ({"timeout_s": 0}, "timeout_s"),
    ],
    ids=["relative-socket", "no-socket", "bad-caller", "unknown-capability", "zero-timeout"],
)
def test_a_bad_relay_is_refused_at_load(tmp_path: Path, changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RelayError, match=message):
        load_relay(relay_file(tmp_path, **changes))


def test_an_animal_ask_capability_without_a_relay_entry_is_refused(tmp_path: Path) -> None:
    raw = json.loads(CRAB.read_text())
    raw["relays"] = []
    path = tmp_path / "crab.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(RelayError, match="needs a relay entry with an absolute socket"):
        load_relay(path)


def test_relay_sends_only_the_quoted_english_as_the_configured_caller(tmp_path: Path, server: RunningServer) -> None:
    relay = load_relay(relay_file(tmp_path, socket=str(server.socket)))
    plan, reply = relay.handle("Ask Sea Spider: «Is the queue empty?»")
    assert plan.capability == "ask_sea_spider" and reply is not None
    assert reply["answer"] == "I am idle and the queue is empty. I have not run any job yet."
    (line,) = server.lines("requests.jsonl")
    assert line["caller"] == "crab" and line["declared"] and line["admitted"]
    assert line["prompt_sha256"] == hashlib.sha256(b"Is the queue empty?").hexdigest()


def test_a_fetch_relayed_is_queued_for_crab(tmp_path: Path, server: RunningServer) -> None:
    relay = load_relay(relay_file(tmp_path, socket=str(server.socket)))
    _, reply = relay.handle("Please ask Sea Spider “Fetch https://a.example/x.”", request_id="r1")
    assert reply is not None and reply["answer"].startswith("I have queued 1 page for fetching (crab-r1-0)")
    assert server.jobs("queued")[0]["asked_by"] == "crab"


@pytest.mark.parametrize(
    "prompt",
    [
        "Ask Sea Spider at /tmp/evil.sock: «Is the queue empty?»",
        "Do not ask Sea Spider: «Is the queue empty?»",
        "Ask Sea Spider to fetch https://a.example/.",
    ],
    ids=["socket-in-prompt", "negated", "unquoted"],
)
def test_prompts_that_must_not_relay(tmp_path: Path, server: RunningServer, prompt: str) -> None:
    sent: list[Any] = []
    relay = load_relay(relay_file(tmp_path, socket=str(server.socket)))
    quiet = Relay(relay.deputy, relay.targets, send=lambda *a, **k: sent.append(a) or {})
    result, reply = quiet.handle(prompt)
    assert reply is None and sent == [] and getattr(result, "kind", None) is not None


def test_negative_control_the_same_relay_does_send_a_good_prompt(tmp_path: Path, server: RunningServer) -> None:
    sent: list[Any] = []
    relay = load_relay(relay_file(tmp_path, socket=str(server.socket)))
    quiet = Relay(relay.deputy, relay.targets, send=lambda *a, **k: sent.append(a) or {"answer": "ok"})
    quiet.handle("Ask Sea Spider: «Is the queue empty?»")
    assert sent == [(str(server.socket), "Is the queue empty?", "crab", 30.0)]


def test_ask_refuses_a_relative_socket_and_reports_a_missing_one(tmp_path: Path) -> None:
    with pytest.raises(RelayError, match="must be an absolute path"):
        ask("run/s.sock", "Is the queue empty?", "crab")
    with pytest.raises(RelayError, match="no socket there"):
        ask(tmp_path / "none.sock", "Is the queue empty?", "crab", 1.0)


def test_relay_configuration_fields_are_closed(tmp_path: Path) -> None:
    raw = copy.deepcopy(json.loads(CRAB.read_text()))
    raw["relays"][0]["argv"] = ["/bin/sh"]
    path = tmp_path / "crab.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(RelayError, match="unknown field 'argv'"):
        load_relay(path)


def test_the_example_matches_the_relay_schema() -> None:
    import jsonschema
    from referencing import Registry, Resource

    from seaspider.resources import load_schema

    vocab = load_schema("vocab")
    registry = Registry().with_resource(vocab["$id"], Resource.from_contents(vocab))
    validator = jsonschema.Draft202012Validator(load_schema("relay"), registry=registry)
    assert [e.message for e in validator.iter_errors(json.loads(CRAB.read_text()))] == []
    bad = json.loads(CRAB.read_text())
    bad["relays"][0]["socket"] = "relative.sock"
    assert list(validator.iter_errors(bad))  # negative control
