-- scripts/twin-tin-bots/orders/examples/reverse_load.lua
return {
  {
    name = "reverse_load",
    description = "backs up one hex, makes a U-turn, then loads the crystal in front",
    steps = { orders.back(), orders.turn(3), orders.load() },
  },
}
