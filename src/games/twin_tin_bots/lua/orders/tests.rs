//! Order files: what they define, and every mistake named with its file,
//! line (when Lua knows it), order and field.

use super::*;
use crate::games::twin_tin_bots::orders::ZapRange;

fn file(source: &str) -> Result<OrderFile, OrderFileError> {
    OrderFile::from_source("mine.lua", source)
}

fn error(source: &str) -> String {
    match file(source) {
        Ok(f) => panic!("expected an error, got {f:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn an_order_file_defines_orders_from_primitives() {
    let f = file(
        r#"
        local o = orders
        return {
          { name = "unit_test_spin", description = "spins", steps = { o.turn(3), o.turn(-3) },
            passives = { "dash", "anti_zap" } },
          { name = "load", steps = { o.forward(), o.back(), o.side(-2), o.jump(3), o.load(),
            o.unload(), o.zap(), o.zap("long"), } },
          { name = "zap", steps = { o.zap(4), o.pull(2) } },
        }"#,
    )
    .unwrap();
    assert_eq!(f.path, "mine.lua");
    assert_eq!(f.orders.len(), 3);
    let spin = &f.orders[0];
    assert_eq!(spin.name, "unit_test_spin");
    assert_eq!(spin.description, "spins");
    assert_eq!(spin.steps, [Primitive::Turn(3), Primitive::Turn(-3)]);
    assert_eq!(spin.passive, Passive::DASH.union(Passive::ANTI_ZAP));
    use Primitive::*;
    assert_eq!(
        f.orders[1].steps,
        [
            Forward,
            Back,
            Side(-2),
            Jump(3),
            Load,
            Unload,
            Zap(ZapRange::Short),
            Zap(ZapRange::Long)
        ]
    );
    assert_eq!(f.orders[2].steps, [Zap(ZapRange::Hexes(4)), Pull(2)]);

    let book = book_with(&OrderBook::official(), &[f]).unwrap();
    let spin = Tile::register("unit_test_spin").unwrap();
    assert_eq!(book.added(), [spin]);
    assert_eq!(book.steps(Tile::ZAP), [Zap(ZapRange::Hexes(4)), Pull(2)]);
    assert_eq!(book.get(Tile::LOAD).unwrap().description, "");
    assert_eq!(
        book.steps(Tile::FORWARD_1),
        [Forward],
        "other tiles unchanged"
    );
}

#[test]
fn primitives_print_as_the_call_that_made_them() {
    let f = file(
        r#"
        assert(tostring(orders.zap("long")) == 'orders.zap("long")')
        assert(tostring(orders.side(-1)) == "orders.side(-1)")
        assert(orders.turn(1) == orders.turn(1) and orders.turn(1) ~= orders.turn(2))
        assert(orders.passives[3] == "dash")
        return { { name = "forward_1", steps = { orders.forward() } } }"#,
    );
    assert!(f.is_ok(), "{f:?}");
}

#[test]
fn a_bad_primitive_or_argument_names_the_line() {
    let e = error("return {\n { name = 'x_1', steps = { orders.teleport() } } }");
    assert!(
        e.starts_with(
            "mine.lua:2: orders.teleport is not a primitive (primitives: forward, back, side"
        ),
        "{e}"
    );
    let e = error("return {\n\n { name = 'x_1', steps = { orders.turn(0) } } }");
    assert!(
        e.starts_with("mine.lua:3: orders.turn(0): the number of hex sides is 1 to 5"),
        "{e}"
    );
    let e = error("return { { name = 'x_1', steps = { orders.turn('left') } } }");
    assert!(
        e.starts_with("mine.lua:1: orders.turn: expected a whole number, got \"left\""),
        "{e}"
    );
    let e = error("return { { name = 'x_1', steps = { orders.zap('far') } } }");
    assert!(
        e.contains("orders.zap: expected \"short\", \"long\" or a whole number of hexes"),
        "{e}"
    );
    let e = error("return { { name = 'x_1', steps = { orders.forward(2) } } }");
    assert!(e.contains("orders.forward: expected no argument"), "{e}");
    let e = error("return { { name = 'x_1', steps = { orders.pull(1) } } }");
    assert!(
        e.contains("orders.pull(1): the distance is 2 to 10 hexes"),
        "{e}"
    );
    let e = error("orders.forward = nil");
    assert!(e.contains("read-only"), "{e}");
}

#[test]
fn a_file_that_does_not_return_a_list_of_orders_is_refused() {
    for (source, expected) in [
        (
            "return 3",
            "mine.lua: the file must return a list of orders",
        ),
        (
            "",
            "mine.lua: the file must return a list of orders, such as return { { name = \"...\"",
        ),
        (
            "return { name = 'x', steps = {} }",
            "mine.lua: the file returned one order, not a list",
        ),
        ("return {}", "mine.lua: the list of orders is empty"),
        // Read raw: no metamethod of the script runs outside its call.
        (
            "return setmetatable({}, { __index = function() while true do end end })",
            "mine.lua: the list of orders is empty",
        ),
        (
            "return { x = 1 }",
            "mine.lua: the list of orders has the key \"x\"",
        ),
        (
            "return { 'forward' }",
            "mine.lua: order 1: expected a table { name = ..., steps = ... }, got \"forward\"",
        ),
    ] {
        let e = error(source);
        assert!(e.starts_with(expected), "{source}: {e}");
    }
}

#[test]
fn every_field_mistake_names_the_order_and_the_field() {
    let f = |order: &str| {
        format!("return {{ {{ name = 'forward_1', steps = {{ orders.forward() }} }}, {order} }}")
    };
    for (order, expected) in [
        ("{ steps = {} }", "order 2: name: expected the tile's name as a string, got nothing"),
        ("{ name = 'magnetic', step = {} }", "order 2 (\"magnetic\"): unknown field \"step\" (fields: name, description, steps, passives)"),
        ("{ name = 'magnetic', steps = { 'pull' } }", "order 2 (\"magnetic\"): steps[1]: expected a primitive made by the orders table, such as orders.forward(), got \"pull\""),
        ("{ name = 'magnetic', steps = { orders.pull } }", "steps[1]: expected a primitive made by the orders table, such as orders.forward(), got a function (a constructor not called?"),
        ("{ name = 'magnetic', steps = orders.load() }", "order 2 (\"magnetic\"): steps: expected a list, got a userdata"),
        ("{ name = 'magnetic', passives = { 'shield' } }", "order 2 (\"magnetic\"): passives[1]: \"shield\" is not a passive effect (passives: anti_zap, anti_theft, dash)"),
        ("{ name = 'magnetic', description = 3, passives = { 'dash' } }", "order 2 (\"magnetic\"): description: expected a string, got 3"),
        ("{ name = 'magnetic' }", "order 2 (\"magnetic\"): the order does nothing"),
        ("{ name = 'Magnetic', steps = { orders.load() } }", "order 2 (\"Magnetic\"): name: `Magnetic` cannot name a tile: it must start with a lowercase letter"),
        ("{ name = 'forward_1', steps = { orders.load() } }", "order 2 (\"forward_1\"): name: `forward_1` is already order 1 of this file"),
        ("{ name = 'double_modification', steps = { orders.load() } }", "order 2 (\"double_modification\"): double_modification is not an order"),
        ("{ name = 'magnetic', steps = { orders.load(), orders.load(), orders.load(), orders.load(), orders.load(), orders.load(), orders.load(), orders.load(), orders.load() } }", "order 2 (\"magnetic\"): 9 steps is too many: an order has at most 8"),
    ] {
        let e = error(&f(order));
        assert!(e.starts_with("mine.lua: "), "{order}: {e}");
        assert!(e.contains(expected), "{order}:\n  {e}\nshould contain\n  {expected}");
    }
}

#[test]
fn a_tile_is_defined_once_across_the_files_of_a_game() {
    let a = file("return { { name = 'jump', steps = { orders.jump(3) } } }").unwrap();
    let b = OrderFile::from_source(
        "other.lua",
        "return { { name = 'jump', steps = { orders.jump(1) } } }",
    )
    .unwrap();
    let e = book_with(&OrderBook::official(), &[a, b])
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "other.lua: order 1 (\"jump\"): name: `jump` is already defined by mine.lua"
    );

    let spin = file("return { { name = 'unit_test_spin', steps = { orders.turn(3) } } }").unwrap();
    let base = book_with(&OrderBook::official(), std::slice::from_ref(&spin)).unwrap();
    let e = book_with(&base, &[spin]).unwrap_err().to_string();
    assert!(
        e.contains("`unit_test_spin` is already defined by another order file of this game"),
        "{e}"
    );
}

#[test]
fn runaway_and_unreadable_files_are_script_errors() {
    let e = error("while true do end");
    assert!(e.contains("instruction budget"), "{e}");
    let e = OrderFile::load(Path::new("no/such/orders.lua"))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("no/such/orders.lua: cannot read the script"),
        "{e}"
    );
    let e = error("return {");
    assert!(e.starts_with("mine.lua:1:"), "{e}");
}

#[test]
fn no_file_is_the_official_book() {
    let none: [&str; 0] = [];
    assert!(Arc::ptr_eq(
        &load_order_book(&none).unwrap(),
        &OrderBook::official()
    ));
}

#[test]
fn the_orders_table_and_the_api_description_agree() {
    // The stubs (scripts/twin-tin-bots/api/tinbots.lua) are generated from the
    // description, so this keeps them complete.
    let described = crate::games::twin_tin_bots::lua::api::MODULES
        .iter()
        .find(|m| m.name == "orders")
        .expect("`orders` is described");
    let lua = mlua::Lua::new();
    let table = api::table(&lua).unwrap();
    let mut exposed = Vec::new();
    for pair in table.pairs::<String, mlua::Value>() {
        let (name, value) = pair.unwrap();
        let in_description = match value {
            mlua::Value::Function(_) => described.functions.iter().any(|f| f.name == name),
            _ => described.fields.iter().any(|f| f.0 == name),
        };
        assert!(
            in_description,
            "orders.{name} is not in src/games/twin_tin_bots/lua/api.rs"
        );
        exposed.push(name);
    }
    for f in described.functions {
        assert!(
            exposed.iter().any(|n| n == f.name),
            "orders.{} is described but missing",
            f.name
        );
    }
    let stubs = crate::games::twin_tin_bots::lua::api::stubs();
    for (_, name) in Passive::NAMED {
        assert!(stubs.contains(&format!("\"{name}\"")), "{name}");
    }
}

#[test]
fn errors_know_their_file_and_line() {
    let e = file("return {\n { name = 'x_1', steps = { orders.turn(9) } } }").unwrap_err();
    assert_eq!((e.path(), e.line()), ("mine.lua", Some(2)));
    let e = file("return { { name = 'x_1' } }").unwrap_err();
    assert_eq!((e.path(), e.line()), ("mine.lua", None));
}

#[test]
fn order_files_are_found_by_name_and_recorded_by_name() {
    use crate::assets::{file_reference, resolve_path, Origin};
    assert_eq!(
        ORDER_FILES.built_in_folder(Game::NAME),
        "scripts/twin-tin-bots/orders"
    );
    assert_eq!(ORDER_FILES.user_folder(Game::NAME), "twin-tin-bots/orders");
    let user = crate::test_folder::Folder::new(
        "order-files-user",
        &[("twin-tin-bots/orders/mine.lua", "return {}")],
    );
    let lib = Library {
        user_folder: Some(user.0.clone()),
        built_in: true,
        ..Library::default()
    };
    assert_eq!(
        lib.find(ORDER_FILES, Game::NAME, "mine", None)
            .unwrap()
            .origin,
        Origin::UserFolder(user.0.join("twin-tin-bots/orders"))
    );
    let e = lib
        .find(ORDER_FILES, Game::NAME, "warp", None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        format!(
            "unknown order file `warp` (looked in: {}, built-in); order files: magnet, mine, official, \
             overclock, sidestep; an order file can also be given as the path to a .lua file",
            user.0.join("twin-tin-bots/orders").display()
        )
    );
    // Where they were before each game had its folder: the built-in file.
    assert_eq!(
        resolve_path(
            ORDER_FILES,
            Game::NAME,
            Path::new("scripts/orders/magnet.lua")
        ),
        AssetFile::BuiltIn("scripts/twin-tin-bots/orders/magnet.lua".into())
    );
    // A replay records an official file by its name, wherever typed.
    for (arg, recorded) in [
        ("sidestep", "sidestep"),
        ("scripts/twin-tin-bots/orders/sidestep.lua", "sidestep"),
        ("./scripts/twin-tin-bots/orders/magnet.lua", "magnet"),
        ("scripts/orders/magnet.lua", "magnet"),
    ] {
        assert_eq!(
            file_reference(ORDER_FILES, Game::NAME, arg),
            recorded,
            "{arg}"
        );
    }
    let own = user.0.join("twin-tin-bots/orders/mine.lua");
    assert_eq!(
        file_reference(ORDER_FILES, Game::NAME, own.to_str().unwrap()),
        own.display().to_string()
    );
}
