"""English texts of the save files (``referee.store``): reading, writing, locking."""

MESSAGES = {
    # Reading
    "store.missing": (
        "There is no series at {file}; start one with `pesten-ref new --players ...`."
    ),
    "store.hand_missing": (
        "Hand {hand} of the series is missing: there is no file {file}. "
        "Nothing was written."
    ),
    "store.unreadable": "{file} cannot be read ({reason}). Nothing was written.",
    "store.parse": (
        "{file} is damaged at line {line}, column {column}: {what}. Nothing was written."
    ),
    "store.parse_end": (
        "{file} is damaged at its end: {what}. Nothing was written."
    ),
    "store.encoding": (
        "{file} is damaged at line {line}, column {column}: the text is not UTF-8. "
        "Nothing was written."
    ),
    "store.backup_hint": (
        " The previous version is in {backup}; fix {file} or copy the backup over it."
    ),
    "store.format_missing": (
        "{file} has no valid format number (`format = {supported}` at the top), "
        "so it is not a pesten-ref save file. Nothing was written."
    ),
    "store.format_newer": (
        "{file} was made by a newer pesten-ref (format {found}); this one reads up to "
        "format {supported}. Update pesten-ref to open it; nothing was written."
    ),
    # Errors found later by other parts of the program, at a key path
    "store.at": "{file}, at {where}: {what}",
    "store.at_line": "{file}, line {line} ({where}): {what}",
    "store.in_file": "{file}: {what}",
    "store.in_file_line": "{file}, line {line}: {what}",
    # Writing
    "store.unwritable": (
        "{file} could not be written ({reason}); the previous version is unchanged."
    ),
    "store.unremovable": "{file} could not be removed ({reason}).",
    "store.move_conflict": (
        "{src} cannot be kept as {dst}: that already exists, and nothing is ever "
        "overwritten. Move one of them aside and try again."
    ),
    # Locking
    "store.busy": (
        "{file} is being written by another pesten-ref (process {pid}); "
        "close it and try again."
    ),
    "store.busy_nopid": (
        "{file} is being written by another pesten-ref; close it and try again."
    ),
}
