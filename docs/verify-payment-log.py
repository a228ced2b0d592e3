#!/usr/bin/env python3
"""Recomputes an Ichido payment-log export, trusting the server for nothing.

Reads the JSON lines of GET /api/audit/payment-log/chain (a file, or - for standard input) and
checks, by the rule docs/audit.md writes down ("Recomputing the chain"):
  - every entry's SHA-256 over its canonical JSON equals the hash it carries;
  - entries follow each other seq by seq, each prevHash the previous entry's hash, the first
    entry's 64 zeros when the export starts at seq 1;
  - every checkpoint's message is its seq, hash and time, and its hash is the hash of entry seq.
Prints a verdict and exits 0 when all holds, 1 at the first thing that does not (naming its seq),
2 when the file cannot be read. Checkpoint signatures are left to OpenSSL (docs/audit.md):
--save-checkpoint PREFIX writes the newest checkpoint's message and signature for it.

  python3 verify-payment-log.py payment-log.jsonl [--save-checkpoint checkpoint]
  python3 verify-payment-log.py --canonical < values.jsonl   (canonical form of each JSON line)

Python 3.8 or newer, standard library only.
"""

import base64
import hashlib
import json
import sys

GENESIS = "0" * 64
ORIGIN = "ichido-payment-log-checkpoint"
FIELDS = {"seq", "loggedAt", "kind", "orderId", "counterparty", "amount", "currency", "gateway",
          "chargeId", "idempotencyKey", "status", "actor", "details", "tax", "corrects",
          "prevHash"}
CHECKPOINT_FIELDS = {"seq", "hash", "signedAt", "keyId", "signature", "message"}

# How Jackson quotes a character below 0x80 (what the server's canonical form does); every other
# one below 0x20 becomes \u00XX with upper-case hex digits, and anything from 0x80 on stays as is.
SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
                 "\r": "\\r"}


class Number(str):
    """A JSON number exactly as written: 1.0 and 1 differ, 1e21 stays 1e21."""


def parse(text):
    def no_duplicates(pairs):
        value = {}
        for name, member in pairs:
            if name in value:
                raise ValueError("member " + json.dumps(name) + " appears twice")
            value[name] = member
        return value

    def constant(name):
        raise ValueError(name + " is not JSON")

    return json.loads(text, parse_int=Number, parse_float=Number, parse_constant=constant,
                      object_pairs_hook=no_duplicates)


def quote(text):
    out = ['"']
    for c in text:
        if c in SHORT_ESCAPES:
            out.append(SHORT_ESCAPES[c])
        elif c < " ":
            out.append("\\u%04X" % ord(c))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def utf16(name):
    # Java's String.compareTo: UTF-16 code units, which big-endian bytes compare as.
    return name.encode("utf-16-be", "surrogatepass")


def canonical(value):
    """The canonical JSON text: members by name in UTF-16 order, no whitespace, numbers as written."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, Number):
        return str.__str__(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        return "[" + ",".join(canonical(item) for item in value) + "]"
    if isinstance(value, dict):
        names = sorted(value, key=utf16)
        return "{" + ",".join(quote(n) + ":" + canonical(value[n]) for n in names) + "}"
    raise ValueError("not a JSON value: %r" % (value,))


def utf8(text):
    # A lone surrogate becomes '?', as in Java's String.getBytes(UTF_8).
    return text.encode("utf-8", "replace")


def sha256(text):
    return hashlib.sha256(utf8(text)).hexdigest()


class Broken(Exception):
    def __init__(self, seq, why):
        super().__init__("seq %s: %s" % (seq, why))
        self.seq = seq


def whole_number(value):
    return isinstance(value, Number) and value.lstrip("-").isdigit()


def check_entry(entry, previous, line_no):
    seq = entry.get("seq")
    if not whole_number(seq):
        raise Broken("?", "line %d has no seq" % line_no)
    seq = int(seq)
    names = set(entry) - {"hash"}
    if "hash" not in entry or names != FIELDS:
        missing, extra = sorted(FIELDS - names), sorted(names - FIELDS)
        raise Broken(seq, "its fields are not the hashed ones (missing %s, extra %s)"
                     % (missing or "none", extra or "none"))
    content = {name: entry[name] for name in FIELDS}
    if sha256(canonical(content)) != entry["hash"]:
        raise Broken(seq, "its content does not match its hash: it was changed")
    if previous is None:
        if seq == 1 and entry["prevHash"] != GENESIS:
            raise Broken(seq, "the first entry's prevHash is not 64 zeros")
    elif seq != previous[0] + 1:
        raise Broken(previous[0] + 1, "missing: the export goes on at seq %d" % seq)
    elif entry["prevHash"] != previous[1]:
        raise Broken(seq, "its prevHash is not the hash of entry %d" % previous[0])
    return seq, entry["hash"]


def check_checkpoint(checkpoint, previous):
    if (not isinstance(checkpoint, dict) or set(checkpoint) != CHECKPOINT_FIELDS
            or not whole_number(checkpoint["seq"])):
        raise Broken("?", "a checkpoint line without the fields " + ", ".join(CHECKPOINT_FIELDS))
    seq = int(checkpoint["seq"])
    message = "%s\n%d\n%s\n%s\n" % (ORIGIN, seq, checkpoint["hash"], checkpoint["signedAt"])
    if checkpoint["message"] != message:
        raise Broken(seq, "the checkpoint's message is not its seq, hash and time")
    # The export puts a checkpoint right after the entry it signs.
    if previous is None or previous[0] != seq:
        raise Broken(seq, "a checkpoint names an entry that is not the line before it")
    if previous[1] != checkpoint["hash"]:
        raise Broken(seq, "the checkpoint signs another hash than the entry's")
    return seq


def verify(lines, save_checkpoint=None):
    first = first_hash = previous = None
    last_checkpoint = None
    line_no = 0
    for line_no, raw in enumerate(lines, 1):
        if not raw.endswith(b"\n"):
            raise Broken((previous or (0,))[0] + 1, "the export is cut off in line %d" % line_no)
        try:
            value = parse(raw.decode("utf-8"))
        except ValueError as e:
            raise Broken((previous or (0,))[0] + 1, "line %d is not JSON: %s" % (line_no, e))
        if not isinstance(value, dict):
            raise Broken("?", "line %d is not a JSON object" % line_no)
        if set(value) == {"checkpoint"}:
            check_checkpoint(value["checkpoint"], previous)
            last_checkpoint = value["checkpoint"]
            continue
        previous = check_entry(value, previous, line_no)
        if first is None:
            first, first_hash = previous
    if previous is None:
        raise Broken("?", "the export holds no entry")
    report = ["entries %d to %d recomputed: every hash matches its content" % (first, previous[0])]
    if first == 1:
        report.append("the chain links from the first entry (prevHash 64 zeros) to the last")
    else:
        report.append("the chain links from entry %d to the last; entry %d's hash is %s:"
                      " compare it with the checkpoint you kept" % (first, first, first_hash))
    if last_checkpoint is None:
        report.append("no checkpoint in the export: nothing signed covers these entries")
    else:
        seq = int(last_checkpoint["seq"])
        report.append("checkpoint %d holds: entry %d's hash %s is the one it signs (key %s);"
                      " verify its signature with OpenSSL"
                      % (seq, seq, last_checkpoint["hash"], last_checkpoint["keyId"]))
        if seq < previous[0]:
            report.append("entries %d to %d come after it: no signature covers them yet"
                          % (seq + 1, previous[0]))
        if save_checkpoint:
            with open(save_checkpoint + ".txt", "wb") as f:
                f.write(last_checkpoint["message"].encode("utf-8"))
            with open(save_checkpoint + ".sig", "wb") as f:
                f.write(base64.b64decode(last_checkpoint["signature"], validate=True))
            report.append("its message and signature: %s.txt, %s.sig"
                          % (save_checkpoint, save_checkpoint))
    return report


def main(args):
    if args[:1] == ["--canonical"]:
        for raw in sys.stdin.buffer:
            sys.stdout.buffer.write(utf8(canonical(parse(raw.decode("utf-8")))) + b"\n")
        return 0
    save = None
    if len(args) == 3 and args[1] == "--save-checkpoint":
        save = args[2]
    elif len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        source = sys.stdin.buffer if args[0] == "-" else open(args[0], "rb")
    except OSError as e:
        print("cannot read %s: %s" % (args[0], e), file=sys.stderr)
        return 2
    with source:
        try:
            report = verify(source, save)
        except Broken as broken:
            print("BROKEN at %s" % broken)
            return 1
    print("INTACT: " + "\n        ".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
