//! The SVG report of `tinbots balance`, drawn with `plotters`: a
//! histogram of game length for each arm, side by side, and below them
//! each seat's share of the wins per arm as a dot with its 95 % interval
//! as a bar.

use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

use super::balance::ArmResult;

/// Why the report could not be drawn (the plotting crate's error, in
/// words).
#[derive(Debug, thiserror::Error)]
#[error("drawing the balance report: {0}")]
pub struct PlotError(String);

/// The arms' colours: Okabe and Ito's, told apart by colour-blind
/// readers.
const ARM_COLOURS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
];

/// Width of the report, and height of each of its two rows of plots.
const WIDTH: u32 = 960;
const ROW_HEIGHT: u32 = 320;

/// The colour of arm `i`.
fn arm_colour(i: usize) -> RGBColor {
    ARM_COLOURS[i % ARM_COLOURS.len()]
}

/// The title of arm `label`'s histogram.
pub fn length_title(label: &str) -> String {
    format!("Game length: {label}")
}

/// The title of the seats' plot.
pub const SEATS_TITLE: &str = "Seat win rates with 95 % intervals";

/// The report of `results` as an SVG document, `title` above it.
pub fn balance_svg(title: &str, results: &[ArmResult]) -> Result<String, PlotError> {
    let mut svg = String::new();
    draw(&mut svg, title, results).map_err(|e| PlotError(e.to_string()))?;
    Ok(svg)
}

/// What drawing on the SVG backend gives.
type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// An area of the report.
type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Draws the report into `svg`.
fn draw(svg: &mut String, title: &str, results: &[ArmResult]) -> Drawn {
    let root = SVGBackend::with_string(svg, (WIDTH, 2 * ROW_HEIGHT + 40)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 20))?;
    let (top, bottom) = root.split_vertically(ROW_HEIGHT);
    let panels = top.split_evenly((1, results.len().max(1)));
    for (i, (panel, result)) in panels.iter().zip(results).enumerate() {
        length_histogram(panel, i, result)?;
    }
    seat_rates(&bottom, results)?;
    root.present()?;
    Ok(())
}

/// One arm's histogram of game length, in turns.
fn length_histogram(area: &Area<'_>, index: usize, result: &ArmResult) -> Drawn {
    let lengths = &result.summary.lengths;
    let longest = result.rows.iter().map(|r| r.turns).max().unwrap_or(0);
    let mut counts = vec![0u32; longest as usize + 1];
    for row in &result.rows {
        counts[row.turns as usize] += 1;
    }
    let highest = counts.iter().copied().max().unwrap_or(0);
    let mut chart = ChartBuilder::on(area)
        .caption(length_title(&result.arm.label), ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(30)
        .y_label_area_size(36)
        .build_cartesian_2d((0u32..longest + 1).into_segmented(), 0u32..highest + 1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(format!("turns (median {})", lengths.quantile(0.5)))
        .y_desc("games")
        .draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(arm_colour(index).filled())
            .margin(1)
            .data(result.rows.iter().map(|r| (r.turns, 1u32))),
    )?;
    Ok(())
}

/// Each seat's share of the wins in each arm: a dot and its interval,
/// the arms side by side within a seat, with a legend naming the arms.
fn seat_rates(area: &Area<'_>, results: &[ArmResult]) -> Drawn {
    let seat_names: Vec<String> = results
        .iter()
        .flat_map(|r| r.summary.seats.iter().map(|(n, _)| n.clone()))
        .fold(Vec::new(), |mut names, n| {
            if !names.contains(&n) {
                names.push(n);
            }
            names
        });
    let seats = seat_names.len().max(1);
    let mut chart = ChartBuilder::on(area)
        .caption(SEATS_TITLE, ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(30)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..seats as f64, 0f64..1f64)?;
    let names = seat_names.clone();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(seats * 2 + 1)
        .x_label_formatter(&move |x: &f64| {
            let half = (x * 2.0).round() as i64;
            if half % 2 == 1 {
                names.get((half / 2) as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_desc("share of the wins")
        .y_label_formatter(&|y: &f64| format!("{:.0} %", y * 100.0))
        .draw()?;
    let arms = results.len().max(1) as f64;
    for (i, result) in results.iter().enumerate() {
        let colour = arm_colour(i);
        let offset = (i as f64 + 1.0) / (arms + 1.0);
        let points: Vec<(f64, f64, f64, f64)> = result
            .summary
            .seats
            .iter()
            .filter_map(|(name, e)| {
                let seat = seat_names.iter().position(|n| n == name)?;
                Some((seat as f64 + offset, e.low, e.value, e.high))
            })
            .collect();
        chart
            .draw_series(points.iter().map(|&(x, low, value, high)| {
                ErrorBar::new_vertical(x, low, value, high, colour.stroke_width(2), 8)
            }))?
            .label(result.arm.label.clone())
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.filled()));
        chart.draw_series(
            points
                .iter()
                .map(|&(x, _, value, _)| Circle::new((x, value), 4, colour.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::balance::{Arm, Summary};
    use crate::tournament::rows::GameRow;

    fn row(turns: u32, winner: &str) -> GameRow {
        GameRow {
            pairing: 0,
            game: 0,
            seed: 1,
            seats: vec!["red".into(), "blue".into()],
            bots: vec!["random".into(), "random".into()],
            people: vec![0, 1],
            variants: vec![],
            rulings: vec![],
            result: String::new(),
            winners: vec![winner.into()],
            score: [1.0, 0.0],
            first_seat: f64::from(u8::from(winner == "red")),
            turns,
            turn_limit: false,
            ending: format!("{winner} reached the goal"),
            margin: Some(2),
        }
    }

    /// The start and end tags of `svg` (an `svg` crate parse), which must
    /// nest; and its text.
    fn well_formed_text(svg: &str) -> String {
        use svg::node::element::tag::Type;
        use svg::parser::Event;
        let mut open: Vec<String> = Vec::new();
        let mut text = String::new();
        for event in svg::read(svg).expect("a string parses") {
            match event {
                Event::Error(e) => panic!("not XML: {e}"),
                Event::Tag(name, Type::Start, _) => open.push(name.to_string()),
                Event::Tag(name, Type::End, _) => {
                    assert_eq!(open.pop().as_deref(), Some(name), "tags do not nest")
                }
                Event::Text(t) => {
                    text.push_str(t);
                    text.push('\n');
                }
                _ => {}
            }
        }
        assert!(open.is_empty(), "unclosed: {open:?}");
        text
    }

    #[test]
    fn the_report_is_svg_with_a_histogram_per_arm_and_the_seats_plot() {
        let arms = [("base game", 3), ("simplified", 5)];
        let results: Vec<ArmResult> = arms
            .iter()
            .map(|&(label, turns)| {
                let rows = vec![row(turns, "red"), row(turns + 2, "blue"), row(turns, "red")];
                ArmResult {
                    arm: Arm {
                        label: label.into(),
                        variants: vec![],
                        rulings: vec![],
                    },
                    summary: Summary::of(&rows),
                    rows,
                }
            })
            .collect();
        let svg = balance_svg("Balance of a test", &results).unwrap();
        assert!(svg.contains("<svg"), "{}", &svg[..80.min(svg.len())]);
        let text = well_formed_text(&svg);
        for title in [
            "Balance of a test",
            &length_title("base game"),
            &length_title("simplified"),
            SEATS_TITLE,
            "red",
            "blue",
        ] {
            assert!(text.contains(title), "no `{title}` in\n{text}");
        }
    }
}
