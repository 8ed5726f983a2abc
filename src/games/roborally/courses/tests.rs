//! Tests of the catalogue and the checks.
