"""Vue single-file components: their ``<script>`` blocks, as JavaScript or TypeScript.

The spec is JavaScript's (module resolution, built-ins, test globs) under the
``.vue`` extension, plus the ``embedded`` hook that hands the extractor the
script bodies (``<script>``, ``<script setup>``, ``lang="ts"``) with the
markup blanked (see ``embedded.py``), parsed with the JS/TS queries plus
``queries/vue.scm`` (the Options API's ``methods``/``computed``/``watch``
functions). A component's extract is stored as JavaScript or TypeScript, so it
resolves exactly like a ``.js``/``.ts`` file. Not read: template expressions,
and ``this.x()`` inside Options API methods (the component object is no class).
"""

from __future__ import annotations

from dataclasses import replace

from . import javascript, typescript
from .embedded import script_code
from .spec import LanguageSpec


def _with_options_api(spec: LanguageSpec) -> LanguageSpec:
    # Same name, so the extract resolves as plain JS/TS; only the query grows.
    return replace(spec, query_file=spec.query_file + "+vue.scm")


SPEC = replace(
    javascript.SPEC,
    name="vue",
    extensions=(".vue",),
    unchecked_types=False,  # a script may be TypeScript, which a checker reads
    embedded=script_code(*map(_with_options_api, (javascript.SPEC, *typescript.SPECS))),
    resolution='<script>/<script setup> blocks indexed as JavaScript or TypeScript (lang="ts"), '
    "with JavaScript's module resolution; template expressions are not read",
)
