"""The server's memory: glibc's malloc arenas capped.

glibc gives each thread that allocates while another holds the main arena an arena of its own,
up to eight per core, and keeps what it freed there. A password check (argon2id) allocates a
buffer of MiBs in the worker thread that runs it, so after a load of purchases every thread of
the request pool holds such an arena (docs/architecture.md#the-pieces). Capping the arenas at
two makes those threads share them and reuse the freed buffers.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

#: glibc's ``mallopt`` parameter for the arena cap (``M_ARENA_MAX`` in malloc.h).
M_ARENA_MAX = -8
#: The cap unless ``MALLOC_ARENA_MAX`` says otherwise.
DEFAULT_ARENAS = 2


def limit_malloc_arenas() -> int | None:
    """Cap glibc's arenas in this process (before it starts threads) and, through
    ``MALLOC_ARENA_MAX``, in the processes it starts; an operator's own ``MALLOC_ARENA_MAX``
    is kept. Returns the cap, or None where the C library is not glibc."""
    arenas = int(os.environ.setdefault("MALLOC_ARENA_MAX", str(DEFAULT_ARENAS)))
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return None
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return arenas if mallopt(M_ARENA_MAX, arenas) == 1 else None
