"""English texts of the save files (``referee.series.store``): reading, writing, locking."""

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
    "store.hands_missing": (
        "The hands of the series in {file} are missing: there is no folder {folder}. "
        "Its hands are the record of the series, so nothing can be shown or scored "
        "without them; put the folder back beside {file}. Nothing was written."
    ),
    "store.hands_unreadable": (
        "The hands of the series in {file} cannot be read: {folder} does not open "
        "({reason}). Its hands are the record of the series; put the folder back as "
        "it was. Nothing was written."
    ),
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
    "store.read_only": (
        "{file} is read-only, so pesten-ref leaves it as it is; nothing was written. "
        "Make it writable (chmod u+w) to go on, or use --save with another file."
    ),
    "store.read_only_folder": (
        "The folder {folder} is read-only, so {file} cannot be saved there; nothing "
        "was written. Make the folder writable, or use --save with a file elsewhere."
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
