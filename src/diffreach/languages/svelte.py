"""Svelte components: their ``<script>`` blocks, as JavaScript or TypeScript.

Like ``vue.py``: JavaScript's spec under the ``.svelte`` extension with the
``embedded`` hook (see ``embedded.py``). The instance ``<script>`` and the
``<script context="module">`` (Svelte 5: ``<script module>``) of one component
are parsed as one program. Runes modules (``x.svelte.ts``) are plain
TypeScript files and keep that language.
"""

from __future__ import annotations

from dataclasses import replace

from . import javascript, typescript
from .embedded import script_code

SPEC = replace(
    javascript.SPEC,
    name="svelte",
    extensions=(".svelte",),
    unchecked_types=False,  # a script may be TypeScript, which a checker reads
    embedded=script_code(javascript.SPEC, *typescript.SPECS),
    resolution='<script> and <script context="module"> blocks indexed as JavaScript or TypeScript '
    '(lang="ts"), with JavaScript\'s module resolution; markup expressions are not read',
)
