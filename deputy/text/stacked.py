"""Hedge frames stacked one after another: "No rush at all, but I'd appreciate it if you could fetch A".

Each frame opens a request only when nothing but courtesy stands before it, and the frame pass
tests what stands before a frame in the text as written; so of two frames in a row only the first
became "please", and the second ("I'd appreciate it if you could …", a real "if" to the parser)
was refused as a condition. Running the pass again over its own output lets the second frame see
the "please" its predecessor left, and nothing else: a frame after any other word ("Fetch A if you
could fetch B") is left as written, as before (round 18).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["stacked_frames"]

# Two frames in a row is what writers do; three is already rare. The bound keeps the pass linear.
_MOST = 3


def stacked_frames(piece: str, replace: Callable[[str], str]) -> str:
    """`replace` (one pass of the hedge frames) applied until the piece stops changing."""
    for _ in range(_MOST):
        replaced = replace(piece)
        if replaced == piece:
            break
        piece = replaced
    return piece
