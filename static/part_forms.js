// The forms of a game's printed parts (templates/questions/_part_form.html): the − and +
// beside each number field. Without this script they stay hidden and each field is a
// plain number field; with it, a tap steps the number within its field's min and max.
// The buttons are out of the Tab order (the field takes ↑ and ↓ itself, as a spin button
// does); what a tap sets is said to a screen reader in a polite live region.
(function () {
  "use strict";
  document.documentElement.classList.add("steppers");

  var said = null;
  function say(text) {
    if (!said) {
      said = document.createElement("p");
      said.className = "sr";
      said.setAttribute("aria-live", "polite");
      document.body.appendChild(said);
    }
    said.textContent = text;
  }
  function bound(value, fallback) {
    var number = parseFloat(value);
    return isNaN(number) ? fallback : number;
  }
  function step(input, by) {
    var low = bound(input.min, -Infinity), high = bound(input.max, Infinity);
    var blank = input.value.trim() === "";
    var now = blank ? 0 : bound(input.value, 0);
    // a blank field that cannot be 0 (a Capital City Level) starts at its least
    var next = blank && low > 0 ? low : Math.min(high, Math.max(low, Math.round(now) + by));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    say((input.getAttribute("aria-label") || "") + ": " + next);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper .step-button");
    if (!button) return;
    var input = button.parentNode.querySelector("input");
    if (!input || input.disabled || input.readOnly) return;
    event.preventDefault();
    step(input, parseInt(button.dataset.step, 10) || 0);
  });
})();
