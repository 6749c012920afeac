"""TypeScript's maps hold values of their second type argument (``Map<K, V>``, ``ReadonlyMap``,
``WeakMap``, ``Record<K, V>``): ``m.get(k)``, ``r[k]`` and a loop over ``m.values()`` give a V, whose
method runs; a loop over the map itself gives its entries, not a V, and stays matched by name."""

from __future__ import annotations

import pytest

from tests.conftest import calls_from_f

SHOP = "export class Foo {\n  run() {}\n}\nexport class Other {\n  run() {}\n}\n"
TYPED = {
    "map_get": "export function f(m: Map<string, Foo>) { m.get('a')!.run(); }\n",
    "optional_get": "export function f(m?: ReadonlyMap<string, Foo>) { m?.get('a')?.run(); }\n",
    "record_index": "export function f(r: Record<string, Foo>) { r['a'].run(); }\n",
    "values_loop": "export function f(m: Map<string, Foo>) {\n  for (const v of m.values()) {\n    v.run();\n  }\n}\n",
    "field": "export class K {\n  private byId = new Map<string, Foo>();\n  f() { this.byId.get('x')!.run(); }\n}\n",
}


def runs_from_f(body: str) -> dict[str, str]:
    return calls_from_f({"src/shop.ts": SHOP, "src/use.ts": "import { Foo } from './shop';\n" + body}, "run")


@pytest.mark.parametrize("case", sorted(TYPED))
def test_a_value_read_out_of_a_typed_map_calls_its_class_method(case: str) -> None:
    assert runs_from_f(TYPED[case]) == {"src/shop.ts::Foo.run": "type"}


def test_a_loop_over_the_map_itself_reads_entries_not_values() -> None:
    found = runs_from_f("export function f(m: Map<string, Foo>) {\n  for (const e of m) {\n    e.run();\n  }\n}\n")
    assert found == {"src/shop.ts::Foo.run": "ambiguous-name", "src/shop.ts::Other.run": "ambiguous-name"}
