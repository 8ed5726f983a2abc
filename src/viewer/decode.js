"use strict";
// Each picture is written against the one before it: a number is a line
// of `lines`, -n copies the next n lines of the picture before. Returns
// every picture as its list of line numbers.
function decodePictures(pictures) {
  const decoded = [];
  let previous = [];
  for (const ops of pictures) {
    const lines = [];
    for (const op of ops) {
      if (op >= 0) {
        lines.push(op);
      } else {
        for (let n = 0; n < -op; n++) lines.push(previous[lines.length]);
      }
    }
    decoded.push(lines);
    previous = lines;
  }
  return decoded;
}
