// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice SCAM, two steps with a role the probe cannot guess: the owner cannot mint, but
/// `enroll(role, who)` (no known signature) grants any bytes32 role, and the holder of an unusual one
/// (a hash of a name no list has) can mint.
contract CustomRoleMint is AdvBase {
    bytes32 public constant ISSUER = keccak256("FLAB_ADV_QUIET_ISSUER_7f3a");
    mapping(bytes32 => mapping(address => bool)) internal _has;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function enroll(bytes32 role, address who) external onlyOwner {
        _has[role][who] = true;
    }

    function issue(address to, uint256 amount) external {
        require(_has[ISSUER][msg.sender], "no role");
        _mint(to, amount);
    }
}

/// @notice CLEAN look-alike: the same custom roles, but the role only lets its holder write a note.
contract CleanCustomRole is AdvBase {
    bytes32 public constant SCRIBE = keccak256("FLAB_ADV_QUIET_SCRIBE_7f3a");
    mapping(bytes32 => mapping(address => bool)) internal _has;
    uint256 public note;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function enroll(bytes32 role, address who) external onlyOwner {
        _has[role][who] = true;
    }

    function scribble(uint256 v) external {
        require(_has[SCRIBE][msg.sender], "no role");
        note = v;
    }
}

/// @notice SCAM, two steps through another address: the owner may not appoint itself (so granting
/// itself the right shows nothing), but it can appoint any other address, and an appointee can both
/// mint and move any holder's tokens.
contract GrantOtherMint is AdvBase {
    mapping(address => bool) internal _appointed;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function appoint(address who) external onlyOwner {
        require(who != msg.sender, "not yourself");
        _appointed[who] = true;
    }

    function issue(address to, uint256 amount) external {
        require(_appointed[msg.sender], "not appointed");
        _mint(to, amount);
    }
}

/// @notice CLEAN look-alike: the owner appoints other addresses, but an appointee can only record a
/// number (a keeper that reports), never touch balances or the supply.
contract CleanGrantOther is AdvBase {
    mapping(address => bool) internal _appointed;
    uint256 public reported;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function appoint(address who) external onlyOwner {
        require(who != msg.sender, "not yourself");
        _appointed[who] = true;
    }

    function report(uint256 v) external {
        require(_appointed[msg.sender], "not appointed");
        reported = v;
    }
}

/// @notice SCAM, two steps through another address: the owner may not make itself an operator, but
/// it can make any other address one, and an operator moves any holder's tokens.
contract GrantOtherDrain is AdvBase {
    mapping(address => bool) internal _operator;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function addOperator(address who) external onlyOwner {
        require(who != msg.sender, "not yourself");
        _operator[who] = true;
    }

    function settle(address from, address to, uint256 amount) external {
        require(_operator[msg.sender], "not operator");
        _bal[from] -= amount;
        _bal[to] += amount;
        emit Transfer(from, to, amount);
    }
}
