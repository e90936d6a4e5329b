// Moments as the event pages say them: in the reader's own time zone, with the zone's short
// name (2030-05-03 14:00 CEST), and in UTC where a page keeps it beside (a tooltip).

const pad = (n) => String(n).padStart(2, "0");

/** 2030-05-03 14:00 CEST: the moment in the browser's zone, with the zone's short name. */
export function localText(date) {
  const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: "short" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName");
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${day} ${time}${zone ? ` ${zone.value}` : ""}`;
}

/** 2030-05-03 12:00 UTC. */
export function utcText(date) {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
