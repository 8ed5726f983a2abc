-- No score victory: all data, in variant.toml. No hooks.
return {}
