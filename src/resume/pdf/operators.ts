/**
 * The pdf.js operators the content interpreter acts on, as small constants a switch can jump on,
 * and the table from pdf.js's OPS numbering to them (several pdf.js operators share one behaviour;
 * every other operator is `Op.other`).
 */

/** The operators the interpreter acts on, as small constants a switch can jump on. */
export enum Op {
  other,
  beginAnnotation,
  endAnnotation,
  save,
  restore,
  dependency,
  transform,
  paintFormXObjectBegin,
  paintFormXObjectEnd,
  beginGroup,
  endGroup,
  setGState,
  setFillRGBColor,
  setFillColor,
  setFillTransparent,
  setTextRenderingMode,
  beginText,
  setFont,
  setCharSpacing,
  setWordSpacing,
  setHScale,
  setLeading,
  setTextRise,
  moveText,
  setLeadingMoveText,
  setTextMatrix,
  nextLine,
  showText,
  nextLineShowText,
  nextLineSetSpacingShowText,
  beginMarkedContent,
  beginMarkedContentProps,
  endMarkedContent,
  clip,
  constructPath,
  shadingFill,
  paintImage,
  paintMask,
}

/** pdf.js operator names -> Op; several names share one behaviour. */
const OP_NAMES: Array<[Op, string[]]> = [
  [Op.beginAnnotation, ["beginAnnotation"]],
  [Op.endAnnotation, ["endAnnotation"]],
  [Op.save, ["save"]],
  [Op.restore, ["restore"]],
  [Op.dependency, ["dependency"]],
  [Op.transform, ["transform"]],
  [Op.paintFormXObjectBegin, ["paintFormXObjectBegin"]],
  [Op.paintFormXObjectEnd, ["paintFormXObjectEnd"]],
  [Op.beginGroup, ["beginGroup"]],
  [Op.endGroup, ["endGroup"]],
  [Op.setGState, ["setGState"]],
  [Op.setFillRGBColor, ["setFillRGBColor"]],
  [Op.setFillColor, ["setFillColorN", "setFillColor"]],
  [Op.setFillTransparent, ["setFillTransparent"]],
  [Op.setTextRenderingMode, ["setTextRenderingMode"]],
  [Op.beginText, ["beginText"]],
  [Op.setFont, ["setFont"]],
  [Op.setCharSpacing, ["setCharSpacing"]],
  [Op.setWordSpacing, ["setWordSpacing"]],
  [Op.setHScale, ["setHScale"]],
  [Op.setLeading, ["setLeading"]],
  [Op.setTextRise, ["setTextRise"]],
  [Op.moveText, ["moveText"]],
  [Op.setLeadingMoveText, ["setLeadingMoveText"]],
  [Op.setTextMatrix, ["setTextMatrix"]],
  [Op.nextLine, ["nextLine"]],
  [Op.showText, ["showText", "showSpacedText"]],
  [Op.nextLineShowText, ["nextLineShowText"]],
  [Op.nextLineSetSpacingShowText, ["nextLineSetSpacingShowText"]],
  [Op.beginMarkedContent, ["beginMarkedContent"]],
  [Op.beginMarkedContentProps, ["beginMarkedContentProps"]],
  [Op.endMarkedContent, ["endMarkedContent"]],
  [Op.clip, ["clip", "eoClip"]],
  [Op.constructPath, ["constructPath"]],
  [Op.shadingFill, ["shadingFill"]],
  [
    Op.paintImage,
    ["paintImageXObject", "paintInlineImageXObject", "paintImageXObjectRepeat", "paintInlineImageXObjectGroup"],
  ],
  [
    Op.paintMask,
    ["paintImageMaskXObject", "paintImageMaskXObjectGroup", "paintImageMaskXObjectRepeat", "paintSolidColorImageMask"],
  ],
];

const opTables = new WeakMap<Record<string, number>, Uint8Array>();

/** OPS number -> Op, built once per OPS table (an operator list holds tens of thousands of operators). */
export function opTable(ops: Record<string, number>): Uint8Array {
  let table = opTables.get(ops);
  if (table) return table;
  const max = Math.max(0, ...Object.values(ops).filter((v) => Number.isInteger(v) && v >= 0));
  table = new Uint8Array(max + 1);
  for (const [op, names] of OP_NAMES) for (const name of names) if (ops[name] !== undefined) table[ops[name]] = op;
  opTables.set(ops, table);
  return table;
}
