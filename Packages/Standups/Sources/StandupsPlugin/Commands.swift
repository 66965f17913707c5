import Foundation
import StandupsFeature
import UnoComposition
import UnoPlugin

/// The short commands of `uno-host run standups`: each acts on the screen on top (and on the form
/// or question presented over it), as a person would tap.
let standupsCommands: [FeatureCommand<StandupsAppAction, StandupsAppState>] = [
  .init("add", summary: "Opens the form of a new standup (on the list).") {
    state, _ throws(FeatureCommandError) in
    guard state.path.isEmpty else { throw FeatureCommandError("'add' works on the list: type 'back' first.") }
    guard state.list.addForm == nil else {
      throw FeatureCommandError("The form is open already: 'save' or 'cancel'.")
    }
    return .list(.addTapped)
  },
  .init("title", argument: "text", summary: "Types the title in the open form.") {
    state, argument throws(FeatureCommandError) in
    try form(state, .binding(.set(\.standup.title, try text(argument, for: "title"))))
  },
  .init("minutes", argument: "n", summary: "Sets the length of a meeting in the open form.") {
    state, argument throws(FeatureCommandError) in
    guard let minutes = argument.flatMap({ Int($0) }), minutes > 0 else {
      throw FeatureCommandError("'minutes' takes a whole number of minutes, e.g. 'minutes 5'.")
    }
    return try form(state, .binding(.set(\.minutes, minutes)))
  },
  .init("attendee", argument: "name", summary: "Adds an attendee in the open form.") {
    state, argument throws(FeatureCommandError) in
    let name = try text(argument, for: "attendee")
    // The form starts with one blank attendee: the first name fills it, as a binding of the
    // attendees with that name.
    if let draft = openForm(state), draft.standup.attendees.count == 1,
      let blank = draft.standup.attendees.first,
      blank.name.isEmpty
    {
      var attendees = draft.standup.attendees
      attendees[id: blank.id]?.name = name
      return try form(state, .binding(.set(\.standup.attendees, attendees)))
    }
    return try form(state, .attendeeAdded(name: name))
  },
  .init("remove", argument: "n", summary: "Removes the nth attendee in the open form.") {
    state, argument throws(FeatureCommandError) in
    guard let draft = openForm(state) else { throw noForm }
    let attendees = draft.standup.attendees
    guard let n = argument.flatMap({ Int($0) }), attendees.indices.contains(n - 1) else {
      throw FeatureCommandError("'remove' takes the number of an attendee, from 1 to \(attendees.count).")
    }
    return try form(state, .attendeeRemoved(id: attendees[n - 1].id))
  },
  .init("theme", argument: "colour", summary: "Picks the colour in the open form.") {
    state, argument throws(FeatureCommandError) in
    guard let theme = argument.flatMap({ Theme(rawValue: $0) }) else {
      throw FeatureCommandError(
        "'theme' takes one of: \(Theme.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    return try form(state, .binding(.set(\.standup.theme, theme)))
  },
  .init("save", summary: "Saves the open form, or presses \"Save and end\" on the meeting being ended.") {
    state, _ throws(FeatureCommandError) in
    if state.path.isEmpty, state.list.addForm != nil { return .list(.saveAddTapped) }
    switch top(state) {
    case (let id, .detail(let detail))?
    where detail.destination.map({ if case .edit = $0 { true } else { false } }) == true:
      return .path(.element(id: id, action: .detail(.saveEditTapped)))
    case (let id, .record(let record))? where record.endMeeting != nil:
      return .path(.element(id: id, action: .record(.endMeeting(.saveAndEnd))))
    default:
      throw FeatureCommandError("There is nothing to save: no form is open and no meeting is being ended.")
    }
  },
  .init("cancel", summary: "Closes the open form, or presses the cancel button of the alert shown.") {
    state, _ throws(FeatureCommandError) in
    if state.path.isEmpty, state.list.addForm != nil { return .list(.cancelAddTapped) }
    switch top(state) {
    case (let id, .detail(let detail))?:
      switch detail.destination {
      case .edit?: return .path(.element(id: id, action: .detail(.cancelEditTapped)))
      case .alert?: return .path(.element(id: id, action: .detail(.destination(.alert(nil)))))
      case nil: break
      }
    case (let id, .record(let record))? where record.endMeeting != nil:
      return .path(.element(id: id, action: .record(.endMeeting(.resume))))
    default: break
    }
    throw FeatureCommandError("There is nothing to cancel.")
  },
  .init("open", argument: "n", summary: "Opens the nth standup of the list, or the nth meeting of a detail.")
  {
    state, argument throws(FeatureCommandError) in
    let n = argument.flatMap { Int($0) }
    switch top(state) {
    case nil:
      let standups = state.list.standups
      guard !standups.isEmpty else { throw FeatureCommandError("There are no standups yet: 'add' one.") }
      guard let n, standups.indices.contains(n - 1) else {
        throw FeatureCommandError("'open' takes the number of a standup, from 1 to \(standups.count).")
      }
      return .list(.standupTapped(id: standups[n - 1].id))
    case (let id, .detail(let detail))?:
      let meetings = detail.standup.meetings
      guard !meetings.isEmpty else {
        throw FeatureCommandError("This standup has no meetings yet: 'record' one.")
      }
      guard let n, meetings.indices.contains(n - 1) else {
        throw FeatureCommandError("'open' takes the number of a meeting, from 1 to \(meetings.count).")
      }
      return .path(.element(id: id, action: .detail(.meetingTapped(id: meetings[n - 1].id))))
    default:
      throw FeatureCommandError("'open' works on the list and on a standup's detail: type 'back' first.")
    }
  },
  .init("edit", summary: "Opens the form on the standup shown.") { state, _ throws(FeatureCommandError) in
    try detail(state, .editTapped, "'edit'")
  },
  .init("delete", summary: "Asks whether to delete the standup shown.") {
    state, _ throws(FeatureCommandError) in
    try detail(state, .deleteTapped, "'delete'")
  },
  .init("confirm", summary: "Presses \"Delete\" on \"delete?\".") { state, _ throws(FeatureCommandError) in
    guard case (let id, .detail(let detail))? = top(state), case .alert? = detail.destination else {
      throw FeatureCommandError("There is no alert to confirm.")
    }
    return .path(.element(id: id, action: .detail(.destination(.alert(.confirmDeletion)))))
  },
  .init(
    "press", argument: "button",
    summary:
      "Presses a button of the alert or dialog shown, by its label or its number (press Delete, press 1)."
  ) { state, argument throws(FeatureCommandError) in
    let choice = try text(argument, for: "press")
    switch top(state) {
    case (let id, .detail(let detail))?:
      guard case .alert(let alert)? = detail.destination else { break }
      let action = try press(choice, among: alert.buttons)
      return .path(.element(id: id, action: .detail(.destination(.alert(action)))))
    case (let id, .record(let record))?:
      guard let dialog = record.endMeeting else { break }
      let action = try press(choice, among: dialog.buttons)
      return .path(.element(id: id, action: .record(.endMeeting(action))))
    default:
      break
    }
    throw FeatureCommandError("No alert or dialog is shown: there is no button to press.")
  },
  .init("record", summary: "Starts a meeting of the standup shown.") { state, _ throws(FeatureCommandError) in
    try detail(state, .recordTapped, "'record'")
  },
  .init("next", summary: "The next attendee speaks.") { state, _ throws(FeatureCommandError) in
    try record(state, .nextTapped, "'next'")
  },
  .init("end", summary: "Ends the meeting early: then save, discard or resume.") {
    state, _ throws(FeatureCommandError) in
    try record(state, .endTapped, "'end'")
  },
  .init("discard", summary: "Leaves the meeting being ended without saving it.") {
    state, _ throws(FeatureCommandError) in
    guard case (_, .record(let record))? = top(state),
      record.endMeeting?.buttons.contains(where: { $0.action == .discard }) == true
    else {
      throw FeatureCommandError("There is no meeting to discard: 'end' one first.")
    }
    return try recordAction(state, .endMeeting(.discard))
  },
  .init("resume", summary: "Goes on with the meeting being ended.") { state, _ throws(FeatureCommandError) in
    guard case (_, .record(let record))? = top(state), record.endMeeting != nil else {
      throw FeatureCommandError("There is no meeting to resume.")
    }
    return try recordAction(state, .endMeeting(.resume))
  },
  .init("back", summary: "Closes the screen on top (a meeting being recorded is not saved).") {
    state, _ throws(FeatureCommandError) in
    guard let id = state.path.ids.last else {
      throw FeatureCommandError("The list is the first screen: there is no way back.")
    }
    return .path(.popFrom(id: id))
  },
]

private let noForm = FeatureCommandError("No form is open: 'add' a standup, or 'edit' the one shown.")

/// The screen on top of the stack and its id; `nil` when the list is.
private func top(_ state: StandupsAppState) -> (StackElementID, Path.State)? {
  guard let id = state.path.ids.last, let screen = state.path[id: id] else { return nil }
  return (id, screen)
}

private func text(_ argument: String?, for command: String) throws(FeatureCommandError) -> String {
  guard let argument, !argument.allSatisfy(\.isWhitespace) else {
    throw FeatureCommandError("'\(command)' takes text, e.g. '\(command) Morning sync'.")
  }
  return argument
}

/// The form open on top: the new standup's over the list, or the edit form over a detail.
private func openForm(_ state: StandupsAppState) -> StandupFormState? {
  if state.path.isEmpty { return state.list.addForm }
  guard case (_, .detail(let detail))? = top(state), case .edit(let form)? = detail.destination else {
    return nil
  }
  return form
}

private func form(
  _ state: StandupsAppState, _ action: StandupFormAction
) throws(FeatureCommandError) -> StandupsAppAction {
  if state.path.isEmpty, state.list.addForm != nil { return .list(.addForm(action)) }
  guard case (let id, .detail(let detail))? = top(state), case .edit? = detail.destination else {
    throw noForm
  }
  return .path(.element(id: id, action: .detail(.destination(.edit(action)))))
}

private func detail(
  _ state: StandupsAppState, _ action: StandupDetailAction, _ command: String
) throws(FeatureCommandError) -> StandupsAppAction {
  guard case (let id, .detail(let detail))? = top(state) else {
    throw FeatureCommandError("\(command) works on a standup's detail: 'open' one first.")
  }
  guard detail.destination == nil else {
    throw FeatureCommandError("Answer what is open first: 'save', 'cancel', or 'press' a button.")
  }
  return .path(.element(id: id, action: .detail(action)))
}

private func record(
  _ state: StandupsAppState, _ action: RecordMeetingAction, _ command: String
) throws(FeatureCommandError) -> StandupsAppAction {
  guard case (_, .record)? = top(state) else {
    throw FeatureCommandError("\(command) works while a meeting is recorded: 'record' one first.")
  }
  return try recordAction(state, action)
}

private func recordAction(
  _ state: StandupsAppState, _ action: RecordMeetingAction
) throws(FeatureCommandError) -> StandupsAppAction {
  guard case (let id, _)? = top(state) else { throw FeatureCommandError("No meeting is being recorded.") }
  return .path(.element(id: id, action: .record(action)))
}

/// The action of the button `choice` names, by its label (any case) or its number from 1.
private func press<Action>(
  _ choice: String, among buttons: [ButtonState<Action>]
) throws(FeatureCommandError) -> Action? {
  let wanted = choice.trimmingCharacters(in: .whitespaces)
  if let number = Int(wanted), buttons.indices.contains(number - 1) { return buttons[number - 1].action }
  if let button = buttons.first(where: { $0.label.caseInsensitiveCompare(wanted) == .orderedSame }) {
    return button.action
  }
  let listed = buttons.enumerated().map { "\($0.offset + 1). \($0.element.label)" }.joined(separator: ", ")
  throw FeatureCommandError("'\(wanted)' is not a button of what is shown; its buttons: \(listed).")
}
