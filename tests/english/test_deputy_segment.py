"""Sentence starts marked before parsing: labels, dashes, comma splices, remarks; never inside a list."""

from __future__ import annotations

from deputy.segment import Token, sentence_starts


def _tokens(spec: str) -> list[Token]:
    """"word/TAG" items separated by spaces; "@" marks an address; "|" a newline before the word."""
    out = []
    for raw in spec.split():
        gap = "\n" if raw.startswith("|") else " "
        raw = raw.lstrip("|")
        text, tag = raw.rsplit("/", 1)
        out.append(Token(text.lstrip("@"), tag, gap, text.startswith("@")))
    return out


def test_a_label_then_a_clause_starts_a_sentence() -> None:
    tokens = _tokens("Background/NN :/: I/PRP 'm/VBP writing/VBG notes/NNS ./.")
    assert sentence_starts(tokens) == {2}


def test_a_colon_before_a_list_starts_nothing() -> None:  # negative control
    tokens = _tokens("fetch/VB these/DT pages/NNS :/: @A/ADD ,/, @B/ADD")
    assert sentence_starts(tokens) == set()


def test_a_comma_splice_with_its_own_subject_starts_a_sentence() -> None:
    tokens = _tokens("please/UH fetch/VB @A/ADD ,/, the/DT user/NN is/VBZ job/NN hunting/NN ./.")
    assert sentence_starts(tokens) == {4}


def test_a_statement_then_a_modal_request_after_a_comma_starts_a_sentence() -> None:
    tokens = _tokens("I/PRP think/VBP we/PRP need/VBP @A/ADD ,/, could/MD you/PRP fetch/VB it/PRP ?/.")
    assert sentence_starts(tokens) == {6}


def test_a_modal_request_after_a_phrase_without_a_finite_verb_starts_nothing() -> None:  # negative control
    tokens = _tokens("when/WRB having/VBG time/NN ,/, could/MD you/PRP fetch/VB @A/ADD ?/.")
    assert sentence_starts(tokens) == set()


def test_a_comma_before_another_address_starts_nothing() -> None:  # negative control
    tokens = _tokens("fetch/VB @A/ADD ,/, @B/ADD and/CC @C/ADD")
    assert sentence_starts(tokens) == set()


def test_a_dash_and_a_remark_after_an_address_start_sentences() -> None:
    tokens = _tokens("fetch/VB @A/ADD —/: it/PRP 's/VBZ urgent/JJ")
    assert sentence_starts(tokens) == {3}
    remark = _tokens("fetch/VB @A/ADD (/-LRB- the/DT pdf/NN )/-RRB- ?/.")
    assert sentence_starts(remark) == {2, 6}  # the "?" closes the request, not the remark


def test_a_bullet_on_a_new_line_is_not_a_dash() -> None:  # negative control
    tokens = _tokens("fetch/VB :/: |-/: @A/ADD |-/: @B/ADD")
    assert sentence_starts(tokens) == set()
