"""functools' caches, typed as the functions they wrap.

typeshed types a cached function as ``functools._lru_cache_wrapper[T]``,
called with ``(*args: Hashable, **kwargs: Hashable)``: its parameters are
lost, so type checkers accept any call of it, and stubtest reports each one
as inconsistent with the function it wraps.  At run time these are
functools' own ``cache`` and ``lru_cache`` (``cache_clear`` and all); type
checkers see them return the function unchanged.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

__all__ = ["cache", "lru_cache"]

F = TypeVar("F", bound=Callable[..., object])

if TYPE_CHECKING:

    def cache(user_function: F, /) -> F: ...

    def lru_cache(maxsize: int | None = 128, typed: bool = False) -> Callable[[F], F]: ...

else:
    cache = functools.cache
    lru_cache = functools.lru_cache
