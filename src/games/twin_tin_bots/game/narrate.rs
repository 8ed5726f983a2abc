//! Events as sentences, naming robots and players by colour.

use super::answer::ZapEffect;
use super::event::{Action, Event};
use super::Game;
use crate::games::twin_tin_bots::pieces::Piece;
use crate::games::twin_tin_bots::rulings::{
    CrystalPlacer, DashRows, FirstTurn, MudEntered, Ruled, Tiebreak, ZapOptional,
};

impl Game {
    fn piece_text(&self, p: Piece) -> String {
        match p {
            Piece::Robot(id) => self.robot_name(id),
            Piece::Crystal(c) => format!("the {c}"),
            Piece::Base(owner) => format!("the {} base", self.colours[owner]),
            Piece::Thing(t) => format!("the {}", t.kind),
        }
    }

    /// What a disputed rule decided, ending with the ruling applied.
    fn describe_ruled(&self, ruled: Ruled) -> String {
        let what = match ruled {
            Ruled::CrystalPlacer {
                player,
                reading: CrystalPlacer::BaseOwner,
            } => format!(
                "the centre is taken: {}, the base's owner, places the next crystal",
                self.colours[player]
            ),
            Ruled::CrystalPlacer {
                player,
                reading: CrystalPlacer::ActivePlayer,
            } => format!(
                "the centre is taken: {}, the active player, places the next crystal",
                self.colours[player]
            ),
            Ruled::DashRow {
                robot,
                reading: DashRows::InProgram,
            } => format!(
                "{} pushes the whole row: Dash is in its program",
                self.robot_name(robot)
            ),
            Ruled::DashRow {
                robot,
                reading: DashRows::DashOnly,
            } => format!(
                "{} pushes one piece at most: only the Dash order itself pushes rows",
                self.robot_name(robot)
            ),
            Ruled::Tiebreak {
                reading: Tiebreak::InBase,
            } => "a tie on points: the tiebreakers count the crystals in each base".to_string(),
            Ruled::Tiebreak {
                reading: Tiebreak::Harvested,
            } => "a tie on points: the tiebreakers count the crystals harvested, in each base and carried"
                .to_string(),
            Ruled::ZapNothing {
                target,
                reading: ZapOptional::Optional,
            } => format!(
                "the zapper may leave {} without an effect: forcing an order is allowed, not required",
                self.robot_name(target)
            ),
            Ruled::ZapNothing {
                target,
                reading: ZapOptional::Forced,
            } => format!(
                "{} is left without an effect, which a zap that reaches it does not allow",
                self.robot_name(target)
            ),
            Ruled::FirstTurnPass {
                player,
                reading: FirstTurn::Optional,
            } => format!(
                "{} passes a placement of his very first turn: step 1 stays optional",
                self.colours[player]
            ),
            Ruled::FirstTurnPass {
                player,
                reading: FirstTurn::EachRobot,
            } => format!(
                "{} passes a placement of his very first turn, which requires one on each robot",
                self.colours[player]
            ),
            Ruled::MudArrival {
                robot,
                reading: MudEntered::AnyArrival,
            } => format!(
                "{} came onto mud without driving: it has entered it, and loses its next forward step",
                self.robot_name(robot)
            ),
            Ruled::MudArrival {
                robot,
                reading: MudEntered::OwnDrive,
            } => format!(
                "{} came onto mud without driving: only caterpillars driving in skid, so it loses no step",
                self.robot_name(robot)
            ),
        };
        format!("{what} {}", ruled.cite())
    }

    /// One event as a sentence.
    pub fn describe(&self, event: &Event) -> String {
        let rn = |id| self.robot_name(id);
        let pn = |p: usize| self.colours[p].name();
        match *event {
            Event::TurnStarted { player, turn } => format!("turn {turn}: {} to play", pn(player)),
            Event::CountdownDiscarded { counter: 1 } => {
                "the first player discards countdown counter 1: the last game turn has started"
                    .into()
            }
            Event::CountdownDiscarded { counter } => {
                format!("the first player discards countdown counter {counter}")
            }
            Event::ChangeMade { player, change } => {
                format!("{} changes: {}", pn(player), change.to_text(&self.colours))
            }
            Event::DoubleModificationUsed { player } => {
                format!(
                    "{} plays Double Modification for a second change",
                    pn(player)
                )
            }
            Event::OrderStarted { robot, slot, tile } => {
                format!("{} slot {slot}: {tile}", rn(robot))
            }
            Event::EmptySlot { robot, slot } => {
                format!("{} slot {slot}: empty, skipped", rn(robot))
            }
            Event::NoAction { robot, tile } => {
                format!(
                    "{}: {tile} has no action; it protects while in the program",
                    rn(robot)
                )
            }
            Event::Moved { robot, from, to } => format!("{} moves {from} -> {to}", rn(robot)),
            Event::Pushed { piece, from, to } => {
                format!("{} is pushed {from} -> {to}", self.piece_text(piece))
            }
            Event::Turned { robot, from, to } => format!("{} turns {from} -> {to}", rn(robot)),
            Event::Jumped { robot, from, to } => format!("{} jumps {from} -> {to}", rn(robot)),
            Event::Pulled {
                robot,
                crystal,
                from,
                to,
            } => format!("{} pulls the {crystal} {from} -> {to}", rn(robot)),
            Event::Loaded {
                robot,
                crystal,
                from,
                taken_from,
            } => match taken_from {
                Some(o) => format!("{} loads the {crystal} from {} at {from}", rn(robot), rn(o)),
                None => format!("{} loads the {crystal} at {from}", rn(robot)),
            },
            Event::Unloaded {
                robot,
                crystal,
                to,
                onto,
            } => match onto {
                Some(o) => format!("{} unloads the {crystal} onto {} at {to}", rn(robot), rn(o)),
                None => format!("{} unloads the {crystal} at {to}", rn(robot)),
            },
            Event::Delivered {
                robot,
                crystal,
                base_owner,
                points,
            } => format!(
                "{} delivers the {crystal} to the {} base: {} now has {points} points",
                rn(robot),
                pn(base_owner),
                pn(base_owner),
            ),
            Event::SpecialDrawn { player } => {
                format!("{} draws a special tile (face down)", pn(player))
            }
            Event::CrystalEntered { crystal, at } => format!("a {crystal} enters play at {at}"),
            Event::LastCrystalEntered => {
                "that was the last crystal of the track: the game end phase starts".into()
            }
            Event::Zapped { robot, target } => format!("{} zaps {}", rn(robot), rn(target)),
            Event::ZappedPiece { robot, piece, at } => {
                format!("{} zaps {} at {at}", rn(robot), self.piece_text(piece))
            }
            Event::Teleported {
                piece,
                entered,
                partner,
            } => format!(
                "{} enters the teleporter at {entered} and leaves beyond its partner at {partner}",
                self.piece_text(piece)
            ),
            Event::VariantPush {
                at,
                dir,
                blocked: None,
            } => format!("the variant pushes what stands at {at} toward {dir}"),
            Event::VariantPush {
                at,
                dir,
                blocked: Some(reason),
            } => format!("the variant's push at {at} toward {dir} is ignored: {reason}"),
            Event::ZapEffectChosen {
                target,
                effect: ZapEffect::Nothing,
            } => format!("{} is zapped to no effect", rn(target)),
            Event::ZapEffectChosen { target, effect } => {
                format!("{} is made to {effect}", rn(target))
            }
            Event::Ignored {
                robot,
                action,
                reason,
            } => {
                let what = match action {
                    Action::Order(tile, _) => tile.name().to_string(),
                    Action::Zapped(effect) => format!("zapped {effect}"),
                    Action::Delivery => "delivery".to_string(),
                    Action::ZapPush(Some(dir)) => format!("push of the zapped piece toward {dir}"),
                    Action::ZapPush(None) => "zapped piece".to_string(),
                };
                format!("{} {what}: ignored: {reason}", rn(robot))
            }
            Event::GameEnded { how } => format!("the game ends by {}", how.describe()),
            Event::Ruled(ruled) => self.describe_ruled(ruled),
        }
    }
}
