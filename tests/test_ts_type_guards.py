"""TypeScript: a type predicate narrows its argument where its call guards a block; declarations
of one name merge.

The handbook's "Narrowing" ("Using type predicates"): `function isTree(x: unknown): x is Tree`
returns a boolean, and where `if (isTree(node)) {…}` holds, node is a Tree: `node.removeNode()`
there is Tree's, not every `removeNode` of the repository, and after the block node is what it
was; past `if (!isTree(node)) { return; }` ("Control flow analysis") node is a Tree to the end of
its block. "Declaration Merging": an interface (or a class) and a namespace of the same name are one
entity, so `CompoundMenuNode.isMutable(x)` finds the namespace's function through the name the
interface also has. A small repository in, the expected and the forbidden edges out."""

from __future__ import annotations

from diffreach.index.build import graph_from_sources
from tests.test_incremental import assert_updates_equal_rebuilds

NODES = """export interface MenuNode {
    readonly id: string;
}

export interface CompoundMenuNode extends MenuNode {
    readonly children: ReadonlyArray<MenuNode>;
}

export interface MutableCompoundMenuNode extends CompoundMenuNode {
    removeNode(id: string): void;
}

export namespace CompoundMenuNode {
    export function isMutable(arg: unknown): arg is MutableCompoundMenuNode {
        return typeof arg === "object";
    }
}

export class Tree implements MutableCompoundMenuNode {
    readonly id = "";
    readonly children: MenuNode[] = [];
    removeNode(id: string): void {}
}

export class Other {
    removeNode(id: string): void {}
}

export function isTree(x: unknown): x is Tree {
    return x instanceof Tree;
}
"""
MAIN = """import { CompoundMenuNode, MenuNode, isTree } from "./nodes";

export function remove(node: MenuNode, id: string): void {
    if (CompoundMenuNode.isMutable(node)) {
        node.removeNode(id);
    }
}

export function plain(node: unknown, id: string): void {
    if (isTree(node)) {
        node.removeNode(id);
    }
    node.removeNode(id);
}

export function early(node: unknown, id: string): void {
    if (!isTree(node)) {
        return;
    }
    node.removeNode(id);
}
"""
FILES = {"src/nodes.ts": NODES, "src/main.ts": MAIN, "package.json": '{"name": "m"}\n'}
TREE, OTHER = "src/nodes.ts::Tree.removeNode", "src/nodes.ts::Other.removeNode"
MUTABLE = "src/nodes.ts::MutableCompoundMenuNode.removeNode"


def calls(files: dict[str, str], function: str) -> set[tuple[str, int, str]]:
    return {
        (e.target, e.line, e.resolution)
        for e in graph_from_sources(files).edges
        if e.kind == "calls" and e.source == function
    }


def test_a_guard_s_block_sees_its_argument_as_the_asserted_type() -> None:
    found = calls(FILES, "src/main.ts::plain")
    assert (TREE, 11, "type") in found
    assert not {t for t, line, _ in found if line == 11} & {OTHER, MUTABLE}


def test_after_the_guarded_block_the_narrowing_no_longer_holds() -> None:
    # node is `unknown` again: bound by name, as before any guard, never typed as a Tree there.
    assert (TREE, 13, "type") not in calls(FILES, "src/main.ts::plain")


def test_past_a_negated_guard_that_leaves_the_argument_is_the_asserted_type() -> None:
    # "Control flow analysis": after `if (!isTree(node)) { return; }` only a Tree reaches line 20.
    assert (TREE, 20, "type") in calls(FILES, "src/main.ts::early")
    plain = calls({**FILES, "src/main.ts": MAIN.replace("        return;\n", "        log();\n")}, "src/main.ts::early")
    assert (TREE, 20, "type") not in plain  # a branch that does not leave narrows nothing


def test_a_namespace_merged_with_an_interface_guards_through_its_name() -> None:
    found = calls(FILES, "src/main.ts::remove")
    assert ("src/nodes.ts::CompoundMenuNode.isMutable", 4) in {(t, line) for t, line, _ in found}
    assert (MUTABLE, 5, "type") in found
    assert (OTHER, 5, "ambiguous-name") not in found


def test_a_namespace_merged_with_a_class_is_read_through_the_class_s_name() -> None:
    cart = (
        "export class Cart {\n    total(): number { return 0; }\n}\n\n"
        "export namespace Cart {\n    export function empty(): Cart {\n        return new Cart();\n    }\n}\n"
    )
    use = 'import { Cart } from "./cart";\n\nexport function start(): number {\n    return Cart.empty().total();\n}\n'
    found = calls({"src/cart.ts": cart, "src/use.ts": use, "package.json": '{"name": "m"}\n'}, "src/use.ts::start")
    assert {t for t, _, _ in found} >= {"src/cart.ts::Cart.empty", "src/cart.ts::Cart.total"}


def test_type_guards_an_update_equals_a_rebuild(make_repo, tmp_path) -> None:  # type: ignore[no-untyped-def]
    steps = [
        {"src/nodes.ts": NODES.replace("x is Tree", "x is Other")},
        {"src/main.ts": MAIN.replace("if (isTree(node)) {", "if (!isTree(node)) {")},
        {"src/nodes.ts": NODES, "src/main.ts": MAIN},
    ]
    assert_updates_equal_rebuilds(make_repo(FILES), tmp_path, steps)
