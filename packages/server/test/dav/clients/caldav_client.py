"""
python3-caldav (Debian's package, run with /usr/bin/python3) driving a CalDAV server as an
application would: principal, calendars, MKCALENDAR, an event, a todo, a time-range search across a
DST change, sync-collection after add/change/delete, a bogus sync token. Prints one JSON document on
stdout for the TypeScript test to assert on; every step records what the server answered instead of
stopping at the first surprise, so one run shows everything that differs.

Usage: caldav_client.py URL USERNAME PASSWORD CALENDAR_NAME

Two calendars are made, as a user of python-caldav does against a server that keeps events and
todos apart (atomsync does: iOS shows a calendar of both as empty): CALENDAR_NAME, with no
supported-calendar-component-set (python-caldav's default, an events calendar there), for the
events, and CALENDAR_NAME-tasks with supported_calendar_component_set=['VTODO'] for the todo.
"""
import json
import sys
import traceback
from datetime import datetime, timezone

import caldav
from caldav.lib import error

URL, USERNAME, PASSWORD, CALENDAR_NAME = sys.argv[1:5]
TASKS_NAME = f"{CALENDAR_NAME}-tasks"

# A weekly series at 09:00 Berlin time from Monday 2 March 2026 (CET, UTC+1). Berlin moves to CEST
# (UTC+2) on 29 March, so the instance of Monday 6 April is at 07:00 UTC: a server that expands
# the rule in UTC, or ignores the VTIMEZONE's rules, puts it at 08:00 UTC instead.
VTIMEZONE_BERLIN = """BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE"""

SERIES_UID = "caldav-harness-weekly@atomsync.test"
SERIES = f"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//atomsync//caldav harness//EN
{VTIMEZONE_BERLIN}
BEGIN:VEVENT
UID:{SERIES_UID}
DTSTAMP:20260101T000000Z
DTSTART;TZID=Europe/Berlin:20260302T090000
DTEND;TZID=Europe/Berlin:20260302T093000
RRULE:FREQ=WEEKLY;BYDAY=MO
SUMMARY:Weekly stand-up
END:VEVENT
END:VCALENDAR
"""

SINGLE_UID = "caldav-harness-single@atomsync.test"
SINGLE = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//atomsync//caldav harness//EN
BEGIN:VEVENT
UID:%s
DTSTAMP:20260101T000000Z
DTSTART:20260115T120000Z
DTEND:20260115T130000Z
SUMMARY:%s
END:VEVENT
END:VCALENDAR
"""

TODO_UID = "caldav-harness-todo@atomsync.test"
TODO = f"""BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//atomsync//caldav harness//EN
BEGIN:VTODO
UID:{TODO_UID}
DTSTAMP:20260101T000000Z
DUE:20260120T170000Z
SUMMARY:Write the report
STATUS:NEEDS-ACTION
END:VTODO
END:VCALENDAR
"""

result = {}


# The last HTTP response, recorded by a hook on python-caldav's requests session: its errors do not
# carry the status in one place (a 403 is an AuthorizationError with the reason phrase only).
last_response = {}


def record(response, *args, **kwargs):
    last_response.update(status=response.status_code, body=response.text[:2000])


def step(name, fn):
    """Runs one step; records its value, or its error with the HTTP status when there was one."""
    try:
        value = fn()
        result[name] = {"ok": True, "value": value}
        return value
    except Exception as exc:  # noqa: BLE001 - every failure is data for the test
        result[name] = {
            "ok": False,
            "error": type(exc).__name__,
            "status": last_response.get("status"),
            "body": last_response.get("body"),
            "message": str(exc)[:2000],
            "trace": traceback.format_exc()[-2000:],
        }
        return None


def utc(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def uids(objects):
    found = []
    for o in objects:
        for component in o.icalendar_instance.walk():
            if component.name in ("VEVENT", "VTODO") and "UID" in component:
                found.append(str(component["UID"]))
    return sorted(set(found))


def instance_starts(objects):
    return sorted(
        utc(c["DTSTART"].dt)
        for o in objects
        for c in o.icalendar_instance.walk()
        if c.name == "VEVENT" and "DTSTART" in c
    )


def delta(calendar, token):
    """One sync-collection from `token`: which hrefs changed, which of them are gone (404 on GET)."""
    changes = calendar.objects_by_sync_token(sync_token=token, load_objects=False)
    changed, deleted = [], []
    for obj in changes:
        try:
            obj.load()
            changed.append(str(obj.url))
        except error.NotFoundError:
            deleted.append(str(obj.url))
    return {"token": changes.sync_token, "changed": sorted(changed), "deleted": sorted(deleted)}


client = caldav.DAVClient(url=URL, username=USERNAME, password=PASSWORD, timeout=60)
client.session.hooks["response"].append(record)
# The objects later steps need, kept by the step that made them (absent when it failed).
held = {}
step("principal", lambda: str(held.setdefault("principal", client.principal()).url))
me = held.get("principal")
if me is None:
    print(json.dumps(result))
    sys.exit(0)
step("calendarsBefore", lambda: sorted(str(c.url) for c in me.calendars()))
step("makeCalendar", lambda: str(held.setdefault("made", me.make_calendar(name=CALENDAR_NAME, cal_id=CALENDAR_NAME)).url))
step("makeTasksCalendar", lambda: str(held.setdefault("tasks", me.make_calendar(
    name=TASKS_NAME, cal_id=TASKS_NAME, supported_calendar_component_set=["VTODO"])).url))
calendar = held.get("made")
tasks = held.get("tasks")
if calendar is not None and tasks is not None:
    step("calendarsAfter", lambda: sorted(str(c.url) for c in me.calendars()))
    step("displayName", lambda: calendar.get_display_name())
    step("tasksComponents", lambda: sorted(tasks.get_supported_components()))
if calendar is None or tasks is None:
    print(json.dumps(result))
    sys.exit(0)

step("saveSeries", lambda: str(calendar.save_event(SERIES).url))
single_url = step("saveSingle", lambda: str(calendar.save_event(SINGLE % (SINGLE_UID, "Lunch")).url))
step("saveTodo", lambda: str(tasks.save_todo(TODO).url))
step("events", lambda: uids(calendar.events()))
# Every todo (a comp-filter of VTODO alone), then the open ones as todos() asks by default: three
# calendar-queries with property filters (COMPLETED not defined, STATUS not COMPLETED/CANCELLED …).
step("todos", lambda: uids(tasks.todos(include_completed=True)))
step("openTodos", lambda: uids(tasks.todos()))

# Time range: the later instance (6 April, 07:00 UTC after the change to CEST) found without
# expansion, so the server's own filter decided; an hour later (where a UTC-only expansion would
# place it) nothing. Then the same window expanded, for the instance's start.
april_6 = lambda hour: datetime(2026, 4, 6, hour, 0, tzinfo=timezone.utc)
step("searchAfterDst", lambda: uids(calendar.search(start=april_6(7), end=april_6(7).replace(minute=30), event=True)))
step("searchHourLater", lambda: uids(calendar.search(start=april_6(8), end=april_6(8).replace(minute=30), event=True)))
step("expandedAfterDst", lambda: instance_starts(
    calendar.search(start=april_6(6), end=april_6(9), event=True, expand=True)))
step("dateSearchAfterDst", lambda: uids(calendar.date_search(start=april_6(7), end=april_6(7).replace(minute=30))))

# sync-collection: a token, then one add, one change, one delete, each seen in the delta after it.
initial = step("syncInitial", lambda: delta(calendar, None))
if initial is not None:
    def add():
        return str(calendar.save_event(SINGLE % ("caldav-harness-added@atomsync.test", "Added")).url)

    added = step("add", add)
    after_add = step("syncAfterAdd", lambda: delta(calendar, initial["token"]))

    def change():
        # By the href it was saved under, as a syncing application that keeps hrefs does
        # (event_by_uid is a calendar-query by property: the eventByUid step below).
        event = calendar.event_by_url(single_url)
        event.load()
        event.data = SINGLE % (SINGLE_UID, "Lunch moved")
        event.save()
        return str(event.url)

    step("change", change)
    after_change = step("syncAfterChange", lambda: delta(calendar, after_add["token"])) if after_add else None

    def delete():
        event = calendar.event_by_url(added)
        event.delete()
        return str(event.url)

    step("delete", delete)
    if after_change:
        step("syncAfterDelete", lambda: delta(calendar, after_change["token"]))

# An event found by its UID: a calendar-query with a property filter (UID text-match).
step("eventByUid", lambda: str(calendar.event_by_uid(SINGLE_UID).url))

step("bogusToken", lambda: delta(calendar, "http://atomsync.test/bogus-sync-token/42"))

print(json.dumps(result, indent=1))
