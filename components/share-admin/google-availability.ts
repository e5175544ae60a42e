"use client";

import { createContext, useContext } from "react";

// Whether this server has Google sign-in set up: without it a google_required share could never
// be used by a visitor, so the edit dialog warns when that mode is chosen.
export const GoogleAvailability = createContext(true);

export const useGoogleAvailable = () => useContext(GoogleAvailability);
