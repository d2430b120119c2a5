// The lobby form, made easier by script (it works without): only as many
// seat rows as players, and only the player counts the chosen card set plays
// (each set's option says them in data-players). A form the server refused
// comes back as it was entered, so a count the set does not play stays chosen
// until the person changes the set or the count (the refusal says which set
// plays it).

function playable(cards) {
  const option = cards.selectedOptions[0];
  return option ? option.dataset.players.split(" ").map(Number) : [];
}

function update(form, keep) {
  const { players, cards } = form.elements;
  const counts = playable(cards);
  for (const option of players.options) {
    option.disabled = !counts.includes(Number(option.value)) && !(keep && option.selected);
  }
  if (players.selectedOptions[0] && players.selectedOptions[0].disabled && counts.length) {
    players.value = String(Math.max(...counts));
  }
  for (const row of form.querySelectorAll("tr.seat-row")) row.hidden = Number(row.dataset.seat) > Number(players.value);
}

const form = document.querySelector('form[action="/games"]');
if (form && form.elements.players && form.elements.cards) {
  form.elements.cards.addEventListener("change", () => update(form, false));
  form.elements.players.addEventListener("change", () => update(form, false));
  update(form, true);
}
