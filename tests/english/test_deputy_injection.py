"""Every unsupported or forbidden verb, in every position around a supported action, refuses the whole prompt."""

from __future__ import annotations

from deputy import Deputy, Plan, RefusalKind

TEMPLATES = (
    "Fetch https://a.example/ and {v} https://b.example/x.",
    "{V} https://a.example/.",
    "Fetch https://a.example/, then {v} it.",
    "Please {v} https://a.example/ and fetch https://b.example/x.",
    "Could you {v} https://a.example/?",
    "Download https://a.example/ and {v} the store.",
    "Fetch https://a.example/. {V} https://b.example/x.",
)


def test_no_unsupported_verb_ever_lets_the_prompt_act(deputy: Deputy) -> None:
    words = deputy.vocab.words
    verbs = sorted(words.unsupported | words.forbidden)
    acted = []
    for verb in verbs:
        for template in TEMPLATES:
            prompt = template.format(v=verb, V=verb.capitalize())
            result = deputy.read(prompt)
            if isinstance(result, Plan):
                acted.append((prompt, result.operation, result.json_args()))
    assert len(verbs) * len(TEMPLATES) > 700
    assert acted == []


def test_the_same_templates_with_a_supported_verb_act(deputy: Deputy) -> None:  # negative control
    result = deputy.read(TEMPLATES[0].format(v="fetch"))
    assert isinstance(result, Plan) and result.json_args() == {"urls": ["https://a.example/", "https://b.example/x"]}
    refused = deputy.read(TEMPLATES[0].format(v="book"))
    assert not isinstance(refused, Plan) and refused.rule is RefusalKind.UNSUPPORTED_VERB
