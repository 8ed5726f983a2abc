//! Tests of the replay page's steps and HTML.

use super::*;
use crate::engine::GameOptions;

/// A record of `answers` first legal answers of a new game of `game`.
fn played(game: &str, players: usize, answers: usize) -> Record {
    let game_type = crate::games::find(game).expect("registered");
    let options = GameOptions {
        players: Some(players),
        seed: 3,
        ..GameOptions::default()
    };
    let started = game_type.start(&options).expect("a standard game");
    let mut record = Record::new(game_type, started.start);
    let mut game = started.game;
    for _ in 0..answers {
        let Some(text) = game.legal_text(0) else {
            break;
        };
        game.apply_text(&text).expect("legal");
        record.answers.push(text);
    }
    record
}

#[test]
fn every_answer_is_a_step_after_the_start_and_pauses_add_steps() {
    let record = played("twin-tin-bots", 2, 12);
    let replayed = replay(&crate::games::registry(), &record, "mem", None).expect("replays");
    assert_eq!(replayed.steps[0].said, "the start");
    let answered = replayed
        .steps
        .iter()
        .filter(|s| s.said.contains(" decided ("))
        .count();
    assert_eq!(answered, 12);
    assert!(replayed.steps.len() > 13, "pauses are steps too");
    assert!(replayed
        .steps
        .iter()
        .all(|s| s.picture < replayed.pictures.len()));
}

#[test]
fn render_counts_steps_as_the_page_does() {
    let record = played("roborally", 2, 20);
    let replayed = replay(&crate::games::registry(), &record, "mem", None).expect("replays");
    for n in [0, 3, replayed.steps.len() - 1] {
        let picture = picture_at(&crate::games::registry(), &record, "mem", Some(n), &|_| {
            None
        })
        .expect("replays")
        .expect("a step of the game");
        assert_eq!(
            Some(picture),
            replayed.picture(replayed.steps[n].picture),
            "step {n}"
        );
    }
    let last =
        picture_at(&crate::games::registry(), &record, "mem", None, &|_| None).expect("replays");
    assert_eq!(
        Some(last.expect("a last step")),
        replayed.picture(replayed.steps[replayed.steps.len() - 1].picture)
    );
    let past = picture_at(
        &crate::games::registry(),
        &record,
        "mem",
        Some(100_000),
        &|_| None,
    )
    .expect("replays");
    assert_eq!(past, Err(replayed.steps.len()));
}

#[test]
fn a_page_for_one_player_hides_the_cards_others_put_face_down() {
    let record = played("roborally", 2, 12);
    let red = replay(&crate::games::registry(), &record, "mem", Some(0)).expect("replays");
    let all = replay(&crate::games::registry(), &record, "mem", None).expect("replays");
    let blue_cards = |r: &Replayed| {
        r.steps
            .iter()
            .filter(|s| s.said.starts_with("blue decided"))
            .filter(|s| s.said.contains("hidden from you"))
            .count()
    };
    assert!(blue_cards(&red) > 0, "{:?}", red.steps);
    assert_eq!(blue_cards(&all), 0);
    assert_eq!(red.seen_by, "red");
}

#[test]
fn the_page_is_one_file_that_fetches_nothing() {
    let record = played("droids", 2, 6);
    let replayed = replay(&crate::games::registry(), &record, "mem", None).expect("replays");
    let page = html(&replayed);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(!page.contains("src=\"http"), "nothing is fetched");
    assert!(!page.contains("href=\"http"), "nothing is linked");
    let data_start = page.find(r#"id="steps">"#).expect("the data");
    let data_end = data_start + page[data_start..].find("</script>").expect("its end");
    let data = &page[data_start + r#"id="steps">"#.len()..data_end];
    let parsed: serde_json::Value = serde_json::from_str(data).expect("the data is JSON");
    assert_eq!(
        parsed["steps"].as_array().map(Vec::len),
        Some(replayed.steps.len())
    );
}

/// A record of a Droids game of 2 players played `answers` answers deep,
/// the answers varied (the second or third legal one where there is one)
/// so that tiles are laid and turned up.
fn droids_played(answers: usize) -> Record {
    let game_type = crate::games::find("droids").expect("registered");
    let options = GameOptions {
        players: Some(2),
        seed: 5,
        ..GameOptions::default()
    };
    let started = game_type.start(&options).expect("a standard game");
    let mut record = Record::new(game_type, started.start);
    let mut game = started.game;
    for i in 0..answers {
        let Some(text) = game.legal_text(i % 3).or_else(|| game.legal_text(0)) else {
            break;
        };
        game.apply_text(&text).expect("legal");
        record.answers.push(text);
    }
    record
}

/// The `hand: ` lines of a Droids picture's panel (one per player whose
/// hand the picture shows).
fn hands_shown(picture: &str) -> usize {
    picture.matches(">hand: ").count()
}

#[test]
fn a_droids_page_for_one_player_shows_tiles_turned_up_and_hides_others_face_down() {
    let record = droids_played(80);
    let yellow = replay(&crate::games::registry(), &record, "mem", Some(1)).expect("replays");
    let all = replay(&crate::games::registry(), &record, "mem", None).expect("replays");
    assert_eq!(yellow.steps.len(), all.steps.len());
    // Tiles are laid face down (003_4ed30270cd5960fb.txt:108): red's
    // are hidden from yellow, in the narration and in the picture's panel.
    let red_laid = |r: &Replayed| {
        r.steps
            .iter()
            .filter(|s| s.said.starts_with("red decided"))
            .filter(|s| s.said.contains("hidden from you"))
            .count()
    };
    assert!(red_laid(&yellow) > 0, "{:?}", yellow.steps);
    assert_eq!(red_laid(&all), 0);
    for (mine, every) in yellow.steps.iter().zip(&all.steps) {
        let mine = yellow.picture(mine.picture).expect("a picture");
        let every = all.picture(every.picture).expect("a picture");
        assert_eq!(hands_shown(&mine), 1, "yellow sees its own hand only");
        assert_eq!(hands_shown(&every), 2, "everything: both hands");
    }
    // A tile turned up (seed line 117) is seen by all: yellow's page
    // narrates red's turned-up tiles as the full page does.
    let turned_up = |r: &Replayed| -> Vec<String> {
        r.steps
            .iter()
            .flat_map(|s| s.events.iter())
            .filter(|e| e.starts_with("red turns up `"))
            .cloned()
            .collect()
    };
    assert!(!turned_up(&yellow).is_empty(), "no tile turned up");
    assert_eq!(turned_up(&yellow), turned_up(&all));
    // `render --as yellow` draws each step as yellow's page does.
    let last = yellow.steps.len() - 1;
    for n in [0, last / 2, last] {
        let picture = picture_at(&crate::games::registry(), &record, "mem", Some(n), &|_| {
            Some(1)
        })
        .expect("replays")
        .expect("a step of the game");
        assert_eq!(
            Some(picture),
            yellow.picture(yellow.steps[n].picture),
            "step {n}"
        );
    }
}

/// The text of the page's data element.
fn data_of(page: &str) -> &str {
    let open = r#"<script type="application/json" id="steps">"#;
    let start = page.find(open).expect("the data element") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    &page[start..end]
}

/// Issue 29, item 6: a narration (a variant's `push` reason, a mission's
/// `game:say`), an answer or a title holding `<!--<script>`, `</script>`,
/// `]]>` and quotes cannot end or bend the page's elements: the data
/// element holds no `<` at all and reads back the same, the title is
/// escaped, and the page has its two script elements only.
#[test]
fn text_a_file_chose_cannot_break_the_page() {
    let hostile = "<!--<script>alert(1)</script>]]>\"q' & \u{2028}\u{2029}";
    let replayed = Replayed {
        title: hostile.into(),
        seen_by: hostile.into(),
        steps: vec![Step {
            turn: 1,
            said: hostile.into(),
            events: vec![hostile.into(), format!("push: ignored: {hostile}")],
            picture: 0,
        }],
        lines: vec![format!(
            "<svg><text>{}</text></svg>",
            crate::escape::markup(hostile)
        )],
        pictures: vec![vec![0]],
    };
    let page = html(&replayed);
    let data = data_of(&page);
    assert!(!data.contains('<') && !data.contains('>'), "{data}");
    assert!(!data.contains(['\u{2028}', '\u{2029}']), "{data}");
    let back: serde_json::Value = serde_json::from_str(data).expect("JSON");
    assert_eq!(back["steps"][0]["events"][0], hostile);
    assert_eq!(back["steps"][0]["said"], hostile);
    assert_eq!(page.matches("<script").count(), 2, "{page}");
    assert_eq!(page.matches("</script>").count(), 2, "{page}");
    assert!(!page.contains("<!--"), "{page}");
    assert!(
        page.contains("<title>tinbots replay: &lt;!--&lt;script&gt;alert(1)&lt;/script&gt;]]&gt;&quot;q&#39; &amp;"),
        "{page}"
    );
}

/// The page `tinbots replay --html` streams to its file holds what the
/// page made whole holds: the same frame around the data, and data that
/// reads back the same (its fields written in another order).
#[test]
fn the_streamed_page_is_the_page_made_whole() {
    for (game, players, answers, viewer) in [
        ("twin-tin-bots", 2, 40, None),
        ("roborally", 2, 30, Some(1)),
        ("droids", 2, 20, None),
    ] {
        let record = played(game, players, answers);
        let games = crate::games::registry();
        let whole = html(&replay(&games, &record, "mem", viewer).expect("replays"));
        let file = std::env::temp_dir().join(format!(
            "tinbots-streamed-page-{}-{game}.html",
            std::process::id()
        ));
        let steps = write_page(&games, &record, "mem", viewer, &file).expect("written");
        let streamed = std::fs::read_to_string(&file).expect("the page");
        std::fs::remove_file(&file).ok();
        let (whole_data, streamed_data) = (data_of(&whole), data_of(&streamed));
        assert_eq!(
            whole.replace(whole_data, ""),
            streamed.replace(streamed_data, "")
        );
        let read = |data: &str| serde_json::from_str::<serde_json::Value>(data).expect("JSON");
        let streamed_json = read(streamed_data);
        assert_eq!(read(whole_data), streamed_json, "{game}");
        assert_eq!(streamed_json["steps"].as_array().map(Vec::len), Some(steps));
        assert!(!streamed_data.contains('<'), "{streamed_data}");
    }
}
